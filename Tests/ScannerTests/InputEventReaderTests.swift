import Foundation
import Scanner
import Testing

struct InputEventReaderTests {
    func sampleEvents() -> [InputEvent] {
        var generator = EventGenerator()
        generator.dropAfter = [3]
        generator.type("]C1ABC\u{1D}123")
        generator.type("4006381333931", terminator: .keypadEnter)
        return generator.events
    }

    @Test func bytesAreTheKernelLayout() {
        let event = InputEvent(time: EventTime(seconds: 2, microseconds: 5), type: 1, code: 28, value: -1)
        #expect(
            InputEventWriter.encode([event]) == [
                2, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 1, 0, 28, 0, 0xFF, 0xFF, 0xFF, 0xFF,
            ])
        var reader = InputEventReader()
        #expect(reader.parse(InputEventWriter.encode([event])) == [event])
    }

    @Test func randomChunkSizesParseIdentically() {
        let events = sampleEvents()
        let bytes = InputEventWriter.encode(events)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            var reader = InputEventReader()
            var parsed: [InputEvent] = []
            var offset = 0
            while offset < bytes.count {
                let size = min(Int.random(in: 0...60, using: &generator), bytes.count - offset)
                parsed += reader.parse(Array(bytes[offset..<offset + size]))
                offset += size
            }
            #expect(parsed == events)
            #expect(reader.pendingBytes.isEmpty)
        }
        #expect(detect(events).texts == ["4006381333931"])
    }

    @Test func truncatedTailIsKeptNotLost() throws {
        let events = sampleEvents()
        let bytes = InputEventWriter.encode(events)
        var reader = InputEventReader()
        let parsed = reader.parse(Array(bytes.dropLast()))
        #expect(parsed == Array(events.dropLast()))
        #expect(reader.pendingBytes == Array(bytes.dropLast().suffix(23)))
        #expect(throws: ScannerError.streamTruncated(byteCount: 23)) { try reader.finish() }
        #expect(reader.parse([bytes.last!]) == [events.last!])
        try reader.finish()
    }

    @Test func recordingToAFileAndReplayingIt() throws {
        let events = sampleEvents()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("scan-\(UUID()).bin").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(output >= 0)
        try InputEventWriter(fileDescriptor: output).write(events)
        close(output)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count == events.count * 24)
        let input = open(path, O_RDONLY)
        try #require(input >= 0)
        defer { close(input) }
        var reader = InputEventReader()
        var replayed: [InputEvent] = []
        while try reader.read(from: input, maximumBytes: 1_000, into: &replayed) {}
        try reader.finish()
        #expect(replayed == events)
    }
}
