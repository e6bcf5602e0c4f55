import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The body of `DeviceReader`'s thread: poll, read whole records, and reopen after an unplug.
///
/// Only that thread touches it after it starts.
final class ReaderLoop: @unchecked Sendable {
    private var device: InputDevice
    private let wakeFD: Int32
    private let continuation: AsyncStream<DeviceReport>.Continuation
    private let pathCheckInterval: Double
    private let permissionGrace: Double
    private let reopen: DeviceReader.Reopen
    private var pending: [UInt8] = []

    init(
        device: InputDevice, wakeFD: Int32, continuation: AsyncStream<DeviceReport>.Continuation,
        pathCheckInterval: Double, permissionGrace: Double, reopen: @escaping DeviceReader.Reopen
    ) {
        self.device = device
        self.wakeFD = wakeFD
        self.continuation = continuation
        self.pathCheckInterval = pathCheckInterval
        self.permissionGrace = permissionGrace
        self.reopen = reopen
    }

    private enum Outcome {
        case stopped
        case gone(String)
    }

    /// Reads until stopped, reopening the device each time it goes away.
    func run() {
        while true {
            let outcome = readUntilGone()
            device.close()
            guard case .gone(let reason) = outcome else { return }
            pending.removeAll()
            continuation.yield(.disconnected(reason: reason))
            guard let returned = waitForReturn() else { return }
            device = returned
            continuation.yield(.reconnected(name: returned.name))
        }
    }

    private func readUntilGone() -> Outcome {
        var buffer = [UInt8](repeating: 0, count: 64 * DeviceReader.recordSize)
        let fd = device.fd
        while true {
            var fds = [
                pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0),
            ]
            do {
                try systemCall("poll") { poll(&fds, 2, -1) }
            } catch {
                return .gone("\(error)")
            }
            if fds[1].revents != 0 { return .stopped }
            let revents = Int32(fds[0].revents)
            if revents & Int32(POLLIN) != 0 {
                let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    deliver(buffer[0..<count])
                    continue
                }
                if count == 0 { return .gone("the device's stream ended") }
                let code = errno
                if code == EAGAIN || code == EINTR { continue }
                if code == ENODEV { return .gone("the device was unplugged (ENODEV)") }
                return .gone(Errno(code, call: "read").description)
            }
            if revents & Int32(POLLHUP | POLLERR | POLLNVAL) != 0 {
                return .gone("the device was unplugged (poll reported hang-up)")
            }
        }
    }

    /// Passes on whole records; a partial record waits for the rest of its bytes.
    private func deliver(_ bytes: ArraySlice<UInt8>) {
        pending.append(contentsOf: bytes)
        let whole = pending.count / DeviceReader.recordSize * DeviceReader.recordSize
        guard whole > 0 else { return }
        continuation.yield(.events(Array(pending[0..<whole])))
        pending.removeFirst(whole)
    }

    /// Checks the path every `pathCheckInterval` until it reopens; nil when stopped first.
    private func waitForReturn() -> InputDevice? {
        let path = device.path
        var appearedAt: UInt64?
        var lastReported: ScannerError?
        while true {
            if wokenUp(within: pathCheckInterval) { return nil }
            guard access(path, F_OK) == 0 else {
                appearedAt = nil
                continue
            }
            let now = DispatchTime.now().uptimeNanoseconds
            let since = appearedAt ?? now
            appearedAt = since
            do throws(ScannerError) {
                return try reopen(path)
            } catch {
                switch error {
                case .notFound:
                    appearedAt = nil
                case .permissionDenied where Double(now - since) / 1e9 < permissionGrace:
                    break
                default:
                    if error != lastReported { continuation.yield(.reopenFailed(error)) }
                    lastReported = error
                }
            }
        }
    }

    /// Waits up to `seconds` for `stop()`; true when it came.
    private func wokenUp(within seconds: Double) -> Bool {
        var fds = [pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0)]
        let result = (try? systemCall("poll") { poll(&fds, 1, Int32(seconds * 1000)) }) ?? 0
        return result > 0
    }
}
