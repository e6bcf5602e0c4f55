import Foundation
import Testing

@testable import Scanner

#if canImport(Glibc)
    import Glibc
#endif

/// Unplug and replug, played with FIFOs and files in a temporary folder.
@Suite("Device reconnect")
struct DeviceReconnectTests {
    @Test("the path vanishes, comes back, and the reader reopens it and reads again")
    func fifoComesBack() async throws {
        let folder = try DeviceFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/event7"
        #expect(mkfifo(path, 0o600) == 0)
        let readEnd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        var writer = Glibc.open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        try #require(readEnd >= 0 && writer >= 0)
        let opens = CallCounter()
        let reader = try DeviceReader(
            device: InputDevice(descriptor: readEnd, path: path, name: "fifo"), grab: false,
            pathCheckInterval: 0.05,
            reopen: { path throws(ScannerError) in
                _ = opens.bump()
                do throws(Errno) {
                    let fd = try systemCall("open") { Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
                    return InputDevice(descriptor: fd, path: path, name: "fifo again")
                } catch {
                    throw ScannerError.from(error, path: path)
                }
            })
        var reports = reader.reports.makeAsyncIterator()
        let press = DeviceFixtures.record(second: 3, micro: 0, type: 1, code: 4, value: 1)
        write(writer, press)
        #expect(await reports.next(within: 5, stopping: reader) == .events(press))

        // Unplug: the node goes away and the writer closes.
        unlink(path)
        Glibc.close(writer)
        let gone = await reports.next(within: 5, stopping: reader)
        guard case .disconnected = gone else { Issue.record("expected disconnected, got \(gone as Any)"); return }
        try await Task.sleep(for: .milliseconds(300))
        #expect(opens.value == 0, "nothing to reopen while the path is missing")

        // Replug.
        #expect(mkfifo(path, 0o600) == 0)
        #expect(await reports.next(within: 5, stopping: reader) == .reconnected(name: "fifo again"))
        writer = Glibc.open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        let release = DeviceFixtures.record(second: 4, micro: 5, type: 1, code: 4, value: 0)
        write(writer, release)
        #expect(await reports.next(within: 5, stopping: reader) == .events(release))
        #expect(opens.value == 1)
        #expect(await reader.stop())
        Glibc.close(writer)
    }

    @Test("permission denied right after replug is retried quietly within the grace period")
    func permissionGrace() async throws {
        let reports = try await replug(grace: 3, deniedTimes: 2)
        #expect(reports == [.reconnected(name: "pipe")])
    }

    @Test("permission denied past the grace period is reported once, and the reader keeps trying")
    func permissionReported() async throws {
        let reports = try await replug(grace: 0, deniedTimes: 3)
        #expect(reports.count == 2)
        guard case .reopenFailed(.permissionDenied(let path)) = reports.first else {
            Issue.record("expected one permission report, got \(reports)")
            return
        }
        #expect(path.hasSuffix("/event3"))
        #expect(reports.last == .reconnected(name: "pipe"))
    }

    /// Disconnects a pipe device whose path exists, and reopens it through a closure that is denied
    /// `deniedTimes` times first. Returns the reports after `disconnected`, up to `reconnected`.
    private func replug(grace: Double, deniedTimes: Int) async throws -> [DeviceReport] {
        let folder = try DeviceFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/event3"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let first = try DevicePipe(path: path)
        let second = try DevicePipe(path: path)
        let secondDevice = second.device
        let attempts = CallCounter()
        let reader = try DeviceReader(
            device: first.device, grab: false, pathCheckInterval: 0.02, permissionGrace: grace,
            reopen: { path throws(ScannerError) in
                if attempts.bump() <= deniedTimes { throw .permissionDenied(path: path) }
                return secondDevice
            })
        var reports = reader.reports.makeAsyncIterator()
        first.closeWriter()
        let gone = await reports.next(within: 5, stopping: reader)
        guard case .disconnected = gone else { Issue.record("expected disconnected, got \(gone as Any)"); return [] }
        var after: [DeviceReport] = []
        while let report = await reports.next(within: 5, stopping: reader) {
            after.append(report)
            if case .reconnected = report { break }
        }
        #expect(attempts.value == deniedTimes + 1)
        #expect(await reader.stop())
        return after
    }

    private func write(_ fd: Int32, _ bytes: [UInt8]) {
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        #expect(written == bytes.count)
    }
}
