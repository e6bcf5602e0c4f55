import Foundation
import Testing

@testable import Scanner

#if canImport(Glibc)
    import Glibc
#endif

/// Helpers for the device tests: input_event records, pipes posing as devices, temporary folders.
enum DeviceFixtures {
    /// One 24-byte little-endian `input_event`.
    static func record(second: Int64, micro: Int64, type: UInt16, code: UInt16, value: Int32) -> [UInt8] {
        func bytes<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
            withUnsafeBytes(of: value.littleEndian) { Array($0) }
        }
        return bytes(second) + bytes(micro) + bytes(type) + bytes(code) + bytes(value)
    }

    /// A fresh empty folder under the temporary directory.
    static func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "catalog-device-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

/// A pipe whose read end poses as an opened input device.
final class DevicePipe {
    let device: InputDevice
    private var writer: Int32

    init(path: String = "/nonexistent/pipe-device") throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw Errno(errno, call: "pipe") }
        _ = fcntl(fds[0], F_SETFL, O_NONBLOCK)
        device = InputDevice(descriptor: fds[0], path: path, name: "pipe")
        writer = fds[1]
    }

    func write(_ bytes: [UInt8]) {
        let written = bytes.withUnsafeBytes { Glibc.write(writer, $0.baseAddress, $0.count) }
        precondition(written == bytes.count)
    }

    func closeWriter() {
        if writer >= 0 { Glibc.close(writer) }
        writer = -1
    }

    deinit { closeWriter() }
}

extension AsyncStream<DeviceReport>.Iterator {
    /// The next report, or nil; stops `reader` (which finishes the stream) if nothing comes within `seconds`.
    mutating func next(within seconds: Double, stopping reader: DeviceReader) async -> DeviceReport? {
        let watchdog = Task {
            try await Task.sleep(for: .seconds(seconds))
            await reader.stop(timeout: 1)
        }
        defer { watchdog.cancel() }
        return await next()
    }
}

/// A counter a `@Sendable` reopen closure can bump.
final class CallCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    /// Adds one and returns the new count.
    func bump() -> Int {
        lock.withLock {
            count += 1; return count
        }
    }

    var value: Int { lock.withLock { count } }
}
