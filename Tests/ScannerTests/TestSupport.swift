import Scanner

/// Runs events through a fresh pipeline and returns everything it reported.
func detect(
    _ events: [InputEvent], layout: KeyboardLayout = .us, configuration: ScanConfiguration = ScanConfiguration()
) -> [ScanDetector.Event] {
    var pipeline = ScanPipeline(layout: layout, configuration: configuration)
    return pipeline.run(events)
}

extension ScanDetector.Event {
    var scan: Scan? {
        if case .scan(let scan) = self { return scan }
        return nil
    }

    var isHumanTyping: Bool {
        if case .humanTyping = self { return true }
        return false
    }

    var isDropped: Bool {
        if case .dropped = self { return true }
        return false
    }
}

extension [ScanDetector.Event] {
    var scans: [Scan] { compactMap(\.scan) }
    var texts: [String] { scans.map(\.text) }
}
