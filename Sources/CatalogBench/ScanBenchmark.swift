import CatalogCore
import Scanner

/// Timing of the decoding layer, for `catalog-bench scan`.
enum ScanBenchmark {
    /// Decodes `events` into scans and measures how long it took (the events are already in memory).
    static func decode(
        events: [InputEvent], layout: KeyboardLayout = .us, configuration: ScanConfiguration = ScanConfiguration()
    ) -> (scans: [Scan], seconds: Double) {
        let clock = ContinuousClock()
        let start = clock.now
        var pipeline = ScanPipeline(layout: layout, configuration: configuration)
        var output: [ScanDetector.Event] = []
        for event in events { pipeline.feed(event, into: &output) }
        pipeline.detector.finish(into: &output)
        let elapsed = clock.now - start
        let scans = output.compactMap { event -> Scan? in
            if case .scan(let scan) = event { return scan }
            return nil
        }
        return (scans, elapsed.seconds)
    }
}
