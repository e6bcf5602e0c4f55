import Scanner
import Testing

struct ScanBenchmarkTests {
    @Test func benchmarkDecodesWhatThePipelineDecodes() {
        var generator = EventGenerator(layout: .fr)
        for code in ["4006381333931", "]E496385074", "CATALOG:MODE:LABEL"] {
            generator.type(code)
            generator.pause(1_000_000)
        }
        let (scans, seconds) = ScanBenchmark.decode(events: generator.events, layout: .fr)
        #expect(scans.map(\.text) == ["4006381333931", "96385074", "CATALOG:MODE:LABEL"])
        #expect(scans[1].symbology?.name == "EAN-8")
        #expect(seconds >= 0)
    }

    @Test func eventTimeSplitsIntoKernelFields() {
        let time = EventTime(seconds: 1_700_000_000, microseconds: 42)
        #expect(time.seconds == 1_700_000_000)
        #expect(time.microsecondOfSecond == 42)
        #expect(time.description == "1700000000.000042")
        #expect(time.advanced(by: .milliseconds(50)).duration(since: time) == .milliseconds(50))
    }
}
