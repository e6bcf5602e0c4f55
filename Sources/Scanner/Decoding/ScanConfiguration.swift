/// How scans are told apart from typing and how they end.
public struct ScanConfiguration: Hashable, Sendable {
    /// Fewest characters in a scan (default 4).
    public var minimumLength: Int
    /// Longest gap between two key presses inside a scan, from the kernel's timestamps (default 50 ms).
    public var maximumGap: Duration
    /// Silence after which a burst without a terminator ends (default 100 ms; never shorter than the gap).
    public var timeout: Duration
    /// Keys that end a scan (default Enter, keypad Enter and Tab); other terminator keys are ignored.
    public var terminators: Set<Terminator>
    /// A pause in slow typing this long starts a new episode, reported again (default 2 s).
    public var humanTypingPause: Duration
    /// Whether AIM prefixes are stripped and reported as the symbology (default true).
    public var stripsAIMPrefix: Bool
    /// The device named in every scan, e.g. its `/dev/input/by-id` path.
    public var device: String?

    /// Makes a configuration; every argument has the default described on its property.
    public init(
        minimumLength: Int = 4, maximumGap: Duration = .milliseconds(50), timeout: Duration = .milliseconds(100),
        terminators: Set<Terminator> = Set(Terminator.allCases), humanTypingPause: Duration = .seconds(2),
        stripsAIMPrefix: Bool = true, device: String? = nil
    ) {
        self.minimumLength = minimumLength
        self.maximumGap = maximumGap
        self.timeout = timeout
        self.terminators = terminators
        self.humanTypingPause = humanTypingPause
        self.stripsAIMPrefix = stripsAIMPrefix
        self.device = device
    }
}
