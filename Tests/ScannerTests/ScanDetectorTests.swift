import Scanner
import Testing

struct ScanDetectorTests {
    @Test func droppedMidScanDiscardsTheScanAndTheNextOneComesThrough() {
        var generator = EventGenerator()
        generator.dropAfter = [5]
        generator.type("4006381333931")
        generator.pause(1_500_000)
        generator.type("5901234123457")
        let events = detect(generator.events)
        #expect(events.texts == ["5901234123457"])
        #expect(events.filter(\.isDropped).count == 1)
        #expect(events.filter(\.isHumanTyping).isEmpty)
    }

    @Test func humanTypingInterleavedWithScansIsReportedOnce() {
        var generator = EventGenerator(gap: 150_000)
        generator.type("hello", terminator: nil)
        generator.pause(300_000)
        generator.gap = 8_000
        generator.type("4006381333931")
        generator.pause(300_000)
        generator.gap = 140_000
        generator.type("world", terminator: .enter)
        generator.pause(200_000)
        generator.gap = 3_000
        generator.type("]E05901234123457", terminator: .tab)
        let events = detect(generator.events)
        #expect(events.texts == ["4006381333931", "5901234123457"])
        #expect(events.filter(\.isHumanTyping).count == 1)
    }

    @Test func aNewEpisodeAfterALongPauseIsReportedAgain() {
        var generator = EventGenerator(gap: 200_000)
        generator.type("abc", terminator: nil)
        generator.pause(5_000_000)
        generator.type("def", terminator: .enter)
        #expect(detect(generator.events).filter(\.isHumanTyping).count == 2)
    }

    @Test func gapExactlyAtTheThresholdIsAScan() {
        var generator = EventGenerator(gap: 50_000)
        generator.type("12345678")
        #expect(detect(generator.events).texts == ["12345678"])
    }

    @Test func gapJustOverTheThresholdIsNotAScan() {
        var generator = EventGenerator(gap: 8_000)
        generator.type("12345678", gaps: [8_000, 8_000, 8_000, 50_001])
        let events = detect(generator.events)
        // "123" breaks off too short; "45678" after the slow key is still a fast burst of 5.
        #expect(events.texts == ["45678"])
        #expect(events.filter(\.isHumanTyping).count == 1)
    }

    @Test func slowTerminatorEndsTheBurstBeforeIt() {
        var generator = EventGenerator(gap: 8_000)
        generator.type("12345678", terminator: nil)
        generator.pause(400_000)
        generator.type("", terminator: .enter)
        let events = detect(generator.events)
        #expect(events.scans.map(\.terminator) == [nil])
        #expect(events.texts == ["12345678"])
    }

    @Test(arguments: Terminator.allCases)
    func eachTerminatorEndsAScan(terminator: Terminator) {
        var generator = EventGenerator()
        generator.type("0012345678905", terminator: terminator)
        generator.type("0012345678905", terminator: terminator)
        let events = detect(generator.events)
        #expect(events.texts == ["0012345678905", "0012345678905"])
        #expect(events.scans.allSatisfy { $0.terminator == terminator })
    }

    @Test func unconfiguredTerminatorIsIgnored() {
        var generator = EventGenerator()
        generator.type("ABCD", terminator: .tab)
        generator.type("EFGH", terminator: .enter)
        let events = detect(generator.events, configuration: ScanConfiguration(terminators: [.enter]))
        #expect(events.texts == ["ABCDEFGH"])
    }

    @Test func timeoutEndsAScanWithoutTerminator() {
        var generator = EventGenerator()
        generator.type("9780306406157", terminator: nil)
        var pipeline = ScanPipeline(configuration: ScanConfiguration(timeout: .milliseconds(100)))
        var output: [ScanDetector.Event] = []
        for event in generator.events { pipeline.feed(event, into: &output) }
        let last = generator.events.last!.time
        pipeline.detector.flush(at: last.advanced(by: .milliseconds(60)), into: &output)
        #expect(output.isEmpty)
        #expect(pipeline.detector.deadline != nil)
        pipeline.detector.flush(at: last.advanced(by: .milliseconds(101)), into: &output)
        #expect(output.texts == ["9780306406157"])
        #expect(output.scans.first?.terminator == nil)
        #expect(pipeline.detector.deadline == nil)
    }

    @Test func tooShortBurstIsNotAScan() {
        var generator = EventGenerator()
        generator.type("123")
        let events = detect(generator.events)
        #expect(events.scans.isEmpty)
        #expect(events.filter(\.isHumanTyping).count == 1)
    }

    @Test func aimPrefixesAreStrippedAndReported() {
        let cases: [(String, String?, String)] = [
            ("]E04006381333931", "]E0", "4006381333931"), ("]E496385074", "]E4", "96385074"),
            ("]C0ABC-123", "]C0", "ABC-123"), ("]Q1https://example.com/x", "]Q1", "https://example.com/x"),
            ("]X9PAYLOAD", "]X9", "PAYLOAD"), ("]]]]", nil, "]]]]"),
        ]
        for (raw, identifier, text) in cases {
            var generator = EventGenerator()
            generator.type(raw)
            let scan = detect(generator.events).scans.first
            #expect(scan?.text == text)
            #expect(scan?.symbology?.identifier == identifier)
        }
        let kept = detect(
            {
                var generator = EventGenerator()
                generator.type("]E04006381333931")
                return generator.events
            }(), configuration: ScanConfiguration(stripsAIMPrefix: false))
        #expect(kept.texts == ["]E04006381333931"])
    }

    @Test func veryLongBurst() {
        let text = String((0..<1_000).map { _ in "0123456789ABCDEFGHIJ".randomElement()! })
        var generator = EventGenerator(gap: 1_000)
        generator.type(text)
        let scans = detect(generator.events, configuration: ScanConfiguration(device: "/dev/input/event7")).scans
        #expect(scans.map(\.text) == [text])
        #expect(scans.first?.device == "/dev/input/event7")
        #expect(scans.first.map { $0.endedAt.duration(since: $0.startedAt) } == .milliseconds(1_000))
    }
}
