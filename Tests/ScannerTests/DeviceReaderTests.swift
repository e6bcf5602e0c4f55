import Foundation
import Testing

@testable import Scanner

#if canImport(Glibc)
    import Glibc
#endif

/// The reader thread over pipes and FIFOs standing in for an event node (this machine has no /dev/input).
@Suite("Device reader")
struct DeviceReaderTests {
    @Test("records split across writes arrive whole, in order")
    func framing() async throws {
        let pipe = try DevicePipe()
        let reader = try DeviceReader(device: pipe.device, grab: false)
        var reports = reader.reports.makeAsyncIterator()
        let records = (0..<5).flatMap { DeviceFixtures.record(second: 1, micro: $0, type: 1, code: 30, value: 1) }
        // 2.5 records, then 1 byte, then the rest: the reader must hold back partial records.
        pipe.write(Array(records[0..<60]))
        let first = try #require(await reports.next(within: 5, stopping: reader))
        pipe.write(Array(records[60..<61]))
        try await Task.sleep(for: .milliseconds(50))
        pipe.write(Array(records[61...]))
        var received: [UInt8] = []
        guard case .events(let bytes) = first else { Issue.record("expected events, got \(first)"); return }
        received += bytes
        #expect(bytes.count == 48)
        while received.count < records.count {
            let report = try #require(await reports.next(within: 5, stopping: reader))
            guard case .events(let more) = report else { Issue.record("expected events, got \(report)"); return }
            #expect(more.count % DeviceReader.recordSize == 0)
            received += more
        }
        #expect(received == records)
        #expect(await reader.stop())
    }

    @Test("stop() ends the thread, finishes the stream and closes the device")
    func stopEnds() async throws {
        let pipe = try DevicePipe()
        let device = pipe.device
        let reader = try DeviceReader(device: device, grab: false)
        #expect(await reader.stop(timeout: 2))
        var reports = reader.reports.makeAsyncIterator()
        #expect(await reports.next() == nil)
        #expect(device.fd == -1)
        #expect(reader.stop(timeout: 1), "a second stop() returns at once")
    }

    @Test("a closed write end reports disconnected; a partial record is dropped, not delivered")
    func closedWriterDisconnects() async throws {
        let pipe = try DevicePipe()
        let reader = try DeviceReader(device: pipe.device, grab: false, pathCheckInterval: 0.05)
        var reports = reader.reports.makeAsyncIterator()
        pipe.write(DeviceFixtures.record(second: 2, micro: 0, type: 1, code: 2, value: 1) + [1, 2, 3])
        pipe.closeWriter()
        let first = await reports.next(within: 5, stopping: reader)
        #expect(first == .events(DeviceFixtures.record(second: 2, micro: 0, type: 1, code: 2, value: 1)))
        let second = await reports.next(within: 5, stopping: reader)
        guard case .disconnected = second else { Issue.record("expected disconnected: \(second as Any)"); return }
        #expect(await reader.stop())
        #expect(await reports.next() == nil)
    }
}
