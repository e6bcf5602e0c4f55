/// Key decoding and scan detection in one value: feed raw events, get scans and reports.
public struct ScanPipeline: Sendable {
    /// The key decoder (its layout; `resync` after `SYN_DROPPED` on a live device).
    public var decoder: KeyDecoder
    /// The scan detector.
    public var detector: ScanDetector
    private var keystrokes: [Keystroke] = []

    /// Makes a pipeline for a layout and configuration.
    public init(layout: KeyboardLayout = .us, configuration: ScanConfiguration = ScanConfiguration()) {
        decoder = KeyDecoder(layout: layout)
        detector = ScanDetector(configuration: configuration)
        keystrokes.reserveCapacity(4)
    }

    /// Feeds one event, appending whatever it completes to `output`.
    @inline(__always)
    public mutating func feed(_ event: InputEvent, into output: inout [ScanDetector.Event]) {
        decoder.feed(event, into: &keystrokes)
        guard !keystrokes.isEmpty else { return }
        for keystroke in keystrokes { detector.feed(keystroke, into: &output) }
        keystrokes.removeAll(keepingCapacity: true)
    }

    /// Feeds every event, then ends whatever is in progress (a replayed stream ends with the file).
    public mutating func run(_ events: some Sequence<InputEvent>, finish: Bool = true) -> [ScanDetector.Event] {
        var output: [ScanDetector.Event] = []
        for event in events { feed(event, into: &output) }
        if finish { detector.finish(into: &output) }
        return output
    }
}
