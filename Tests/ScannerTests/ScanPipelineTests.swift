import Scanner
import Testing

struct ScanPipelineTests {
    @Test func thePipelineDecodesScansTypedOnAFrenchLayout() {
        var generator = EventGenerator(layout: .fr)
        for code in ["4006381333931", "]E496385074", "CATALOG:MODE:LABEL"] {
            generator.type(code)
            generator.pause(1_000_000)
        }
        var pipeline = ScanPipeline(layout: .fr, configuration: ScanConfiguration())
        let scans = pipeline.run(generator.events, finish: true).compactMap { event -> Scan? in
            if case .scan(let scan) = event { return scan }
            return nil
        }
        #expect(scans.map(\.text) == ["4006381333931", "96385074", "CATALOG:MODE:LABEL"])
        #expect(scans[1].symbology?.name == "EAN-8")
    }

    @Test func eventTimeSplitsIntoKernelFields() {
        let time = EventTime(seconds: 1_700_000_000, microseconds: 42)
        #expect(time.seconds == 1_700_000_000)
        #expect(time.microsecondOfSecond == 42)
        #expect(time.description == "1700000000.000042")
        #expect(time.advanced(by: .milliseconds(50)).duration(since: time) == .milliseconds(50))
    }
}
