/// Turns keystrokes into scans: a burst of at least `minimumLength` characters with every gap at most
/// `maximumGap`, ended by a configured terminator or, failing that, by silence (`flush(at:)`).
///
/// Slower typing is not a scan: it is dropped and reported once per episode (`humanTyping`). A
/// `SYN_DROPPED` inside a burst discards the whole burst and reports `dropped`.
public struct ScanDetector: Sendable {
    /// What the detector reports.
    public enum Event: Hashable, Sendable {
        /// A complete scan.
        case scan(Scan)
        /// Someone is typing on the scanner's device; reported once per episode, the keys are ignored.
        case humanTyping(at: EventTime)
        /// The kernel dropped events; the scan in progress (if any) was discarded. Scan it again.
        case dropped(at: EventTime)
    }

    /// The detector's settings.
    public let configuration: ScanConfiguration
    private let maximumGap: Int64
    private let timeout: Int64
    private let humanPause: Int64
    private var buffer: [Unicode.Scalar] = []
    private var startedAt: Int64 = 0
    private var lastAt: Int64 = 0
    private var discarding = false
    private var lastHumanAt: Int64?

    /// Makes a detector.
    public init(configuration: ScanConfiguration = ScanConfiguration()) {
        self.configuration = configuration
        maximumGap = configuration.maximumGap.wholeMicroseconds
        timeout = max(configuration.timeout.wholeMicroseconds, maximumGap)
        humanPause = configuration.humanTypingPause.wholeMicroseconds
        buffer.reserveCapacity(128)
    }

    private var isActive: Bool { discarding || !buffer.isEmpty }

    /// When the caller should call `flush(at:)` if no key arrives first; nil while idle.
    public var deadline: EventTime? {
        isActive ? EventTime(microseconds: lastAt + timeout + 1) : nil
    }

    /// Feeds one keystroke, appending whatever it completes to `output`.
    public mutating func feed(_ keystroke: Keystroke, into output: inout [Event]) {
        let time = keystroke.time.microseconds
        switch keystroke.kind {
        case .dropped:
            buffer.removeAll(keepingCapacity: true)
            discarding = true
            lastAt = time
            output.append(.dropped(at: keystroke.time))
        case .character(let scalar):
            if isActive && time - lastAt > maximumGap { endBurst(terminator: nil, into: &output) }
            lastAt = time
            if discarding { return }
            if buffer.isEmpty { startedAt = time }
            buffer.append(scalar)
        case .terminator(let terminator):
            guard configuration.terminators.contains(terminator) else { return }
            if isActive && time - lastAt > maximumGap { endBurst(terminator: nil, into: &output) }
            guard isActive else { return }  // a stray terminator on its own
            lastAt = time
            endBurst(terminator: terminator, into: &output)
        }
    }

    /// Ends the burst in progress if nothing arrived for longer than the time-out (and the maximum gap).
    public mutating func flush(at now: EventTime, into output: inout [Event]) {
        if isActive && now.microseconds - lastAt > timeout { endBurst(terminator: nil, into: &output) }
    }

    /// Ends whatever is in progress, as at the end of a replayed stream.
    public mutating func finish(into output: inout [Event]) {
        if isActive { endBurst(terminator: nil, into: &output) }
    }

    private mutating func endBurst(terminator: Terminator?, into output: inout [Event]) {
        defer { buffer.removeAll(keepingCapacity: true) }
        if discarding {
            discarding = false
            return
        }
        guard buffer.count >= configuration.minimumLength else {
            reportHuman(at: lastAt, into: &output)
            return
        }
        let raw = String(String.UnicodeScalarView(buffer))
        let (symbology, text) = configuration.stripsAIMPrefix ? Symbology.split(raw) : (nil, raw)
        output.append(
            .scan(
                Scan(
                    text: text, symbology: symbology, startedAt: EventTime(microseconds: startedAt),
                    endedAt: EventTime(microseconds: lastAt), terminator: terminator,
                    device: configuration.device)))
    }

    private mutating func reportHuman(at time: Int64, into output: inout [Event]) {
        if let last = lastHumanAt, time - last <= humanPause {
            lastHumanAt = time
            return
        }
        lastHumanAt = time
        output.append(.humanTyping(at: EventTime(microseconds: time)))
    }
}
