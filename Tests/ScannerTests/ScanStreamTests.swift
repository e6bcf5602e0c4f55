import Foundation
import Scanner
import Testing

/// `ScanStream`: recorded events through the replay and the live stream, as the counter reads them.
struct ScanStreamTests {
    /// The bytes of `events` in pieces of `size` bytes, so records are split across chunks as a pipe may.
    static func chunks(_ events: [InputEvent], size: Int = 50) -> AsyncThrowingStream<[UInt8], any Error> {
        let bytes = InputEventWriter.encode(events)
        return AsyncThrowingStream { continuation in
            for start in stride(from: 0, to: bytes.count, by: size) {
                continuation.yield(Array(bytes[start..<min(start + size, bytes.count)]))
            }
            continuation.finish()
        }
    }

    static func replay(_ events: [InputEvent]) async throws -> [ScanStreamEvent] {
        var seen: [ScanStreamEvent] = []
        for try await event in ScanStream.replaying(chunks(events), pipeline: ScanPipeline()) { seen.append(event) }
        return seen
    }

    /// What a live stream yields for `events` delivered as one device report, with how long after the report
    /// each came. The device stays open until `expected` events came and 150 ms more (at most 10 s), then
    /// its reports end. The stream's clock runs on from the events' last timestamp as real time passes.
    static func live(_ events: [InputEvent], expected: Int) async -> [(event: ScanStreamEvent, after: Duration)] {
        let (reports, device) = AsyncStream.makeStream(of: DeviceReport.self)
        let clock = ContinuousClock()
        let start = clock.now
        let last = events.last?.time ?? EventTime(microseconds: 0)
        let scans = ScanStream.live(
            reports: reports, pipeline: ScanPipeline(), now: { last.advanced(by: clock.now - start) })
        device.yield(.events(InputEventWriter.encode(events)))
        let limit = Task {
            try? await Task.sleep(for: .seconds(10))
            device.finish()
        }
        var closing: Task<Void, Never>?
        var seen: [(ScanStreamEvent, Duration)] = []
        for await event in scans {
            seen.append((event, clock.now - start))
            if seen.count == expected {
                closing = Task {
                    try? await Task.sleep(for: .milliseconds(150))
                    device.finish()
                }
            }
        }
        limit.cancel()
        closing?.cancel()
        return seen
    }

    @Test func aScanTypedAtScannerSpeedIsOneScan() async throws {
        var generator = EventGenerator()
        generator.type("4006381333931")
        let replayed = try await Self.replay(generator.events)
        #expect(replayed.count == 1)
        #expect(replayed.first.flatMap(\.scan)?.text == "4006381333931")
        #expect(replayed.first.flatMap(\.scan)?.terminator == .enter)

        let live = await Self.live(generator.events, expected: 1)
        #expect(live.map(\.event) == replayed)
    }

    @Test func aScanWhoseEnterNeverComesIsFlushedAfterTheTimeout() async throws {
        var generator = EventGenerator()
        generator.type("4006381333931", terminator: nil)
        generator.pause(1_000_000)
        generator.type("5901234123457")
        let replayed = try await Self.replay(generator.events)
        #expect(replayed.compactMap(\.scan).map(\.text) == ["4006381333931", "5901234123457"])
        #expect(replayed.first.flatMap(\.scan)?.terminator == nil)

        // Live, nothing comes after the last key: a tick ends the scan once the time-out (100 ms) has
        // passed, while the device is still open.
        var alone = EventGenerator()
        alone.type("4006381333931", terminator: nil)
        let live = await Self.live(alone.events, expected: 1)
        #expect(live.count == 1)
        #expect(live.first?.event.scan?.text == "4006381333931")
        #expect(live.first?.event.scan?.terminator == nil)
        let after = live.first?.after ?? .zero
        #expect(after >= .milliseconds(90), "flushed after \(after)")
    }

    @Test func keysTypedSlowlyByAPersonAreNotAScan() async throws {
        var generator = EventGenerator(gap: 250_000)
        generator.type("hello")
        let replayed = try await Self.replay(generator.events)
        #expect(replayed.compactMap(\.scan).isEmpty)
        #expect(replayed.filter(\.isHumanTyping).count == 1)

        let live = await Self.live(generator.events, expected: 1)
        #expect(live.map(\.event).compactMap(\.scan).isEmpty)
        #expect(live.map(\.event).filter(\.isHumanTyping).count == 1)
    }

    @Test func aRecordingThatEndsInsideARecordSaysSoLast() async throws {
        var generator = EventGenerator()
        generator.type("4006381333931")
        let bytes = InputEventWriter.encode(generator.events) + [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
        var seen: [ScanStreamEvent] = []
        for try await event in ScanStream.replaying(bytes, pipeline: ScanPipeline()) { seen.append(event) }
        #expect(seen.count == 2)
        #expect(seen.last == .partialRecord(byteCount: 10))
    }

    @Test func anUnplugAndReturnPassThroughInOrderAndTheBytesAreRecorded() async throws {
        var generator = EventGenerator()
        generator.type("4006381333931")
        let bytes = InputEventWriter.encode(generator.events)
        let (reports, device) = AsyncStream.makeStream(of: DeviceReport.self)
        let recorded = Recorded()
        let scans = ScanStream.live(reports: reports, pipeline: ScanPipeline(), record: { recorded.append($0) })
        device.yield(.disconnected(reason: "unplugged"))
        device.yield(.reconnected(name: "Scanner"))
        device.yield(.events(bytes))
        device.finish()
        var seen: [ScanStreamEvent] = []
        for await event in scans { seen.append(event) }
        #expect(seen.count == 3)
        #expect(seen.prefix(2) == [.disconnected(reason: "unplugged"), .reconnected(name: "Scanner")])
        #expect(seen.last?.scan?.text == "4006381333931")
        #expect(recorded.bytes == bytes)
    }
}

/// Bytes a recording hook was given, from any thread.
private final class Recorded: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [UInt8] = []

    func append(_ bytes: [UInt8]) { lock.withLock { kept += bytes } }
    var bytes: [UInt8] { lock.withLock { kept } }
}

extension ScanStreamEvent {
    fileprivate var scan: Scan? {
        if case .detected(.scan(let scan)) = self { return scan }
        return nil
    }

    fileprivate var isHumanTyping: Bool {
        if case .detected(.humanTyping) = self { return true }
        return false
    }
}
