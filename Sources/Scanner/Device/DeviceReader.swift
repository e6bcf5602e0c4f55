import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What the reader thread reports: raw event bytes, or a change in the device's presence.
public enum DeviceReport: Sendable, Equatable {
    /// Whole 24-byte `input_event` records, in arrival order.
    case events([UInt8])
    /// The device went away (unplugged, or the stream ended); `reason` says how.
    case disconnected(reason: String)
    /// The device came back at the same path and was reopened (and grabbed again, if asked).
    case reconnected(name: String)
    /// Reopening failed with an error that waiting may not fix; the reader keeps trying until stopped.
    case reopenFailed(ScannerError)
}

/// Reads an input device on a dedicated thread with `poll`, and survives unplugging.
///
/// Reports arrive on `reports`. On ENODEV, POLLHUP or POLLERR the reader reports `disconnected`, closes
/// the device, checks the path every 200 ms, reopens it when it returns (retrying permission denied for
/// up to 3 s while udev fixes the node), and reports `reconnected`. `stop()` ungrabs, closes and ends
/// the stream.
public final class DeviceReader: Sendable {
    /// Size of one `struct input_event` on 64-bit Linux. Kept as a literal (the same as `InputEvent.byteCount`): the QEMU probe builds from the Device
    /// sources alone, without the decoding layer.
    public static let recordSize = 24

    /// The reader's reports; the stream finishes after `stop()`.
    public let reports: AsyncStream<DeviceReport>
    private let wakeRead: Int32
    let wakeWrite: Int32
    private let finished = DispatchSemaphore(value: 0)
    let state = ReaderState()

    /// How a lost device is reopened: by default `InputDevice.open(path, grab:)`.
    public typealias Reopen = @Sendable (String) throws(ScannerError) -> InputDevice

    /// Starts reading `device` on a new thread.
    ///
    /// - Parameters:
    ///   - grab: whether a reopened device is grabbed again.
    ///   - pathCheckInterval: how often the path is checked while the device is gone, in seconds.
    ///   - permissionGrace: how long permission denied is retried after the node reappears, in seconds.
    ///   - reopen: opens the path again after a disconnect; tests pass their own.
    public init(
        device: InputDevice, grab: Bool, pathCheckInterval: Double = 0.2, permissionGrace: Double = 3,
        reopen: Reopen? = nil
    ) throws(ScannerError) {
        var fds: [Int32] = [0, 0]
        do {
            try systemCall("pipe") { pipe(&fds) }
            for fd in fds {
                try systemCall("fcntl") { fcntl(fd, F_SETFD, FD_CLOEXEC) }
                try systemCall("fcntl") { fcntl(fd, F_SETFL, O_NONBLOCK) }
            }
        } catch {
            throw ScannerError.system(path: device.path, error)
        }
        wakeRead = fds[0]
        wakeWrite = fds[1]
        let (stream, continuation) = AsyncStream.makeStream(of: DeviceReport.self, bufferingPolicy: .unbounded)
        reports = stream
        let loop = ReaderLoop(
            device: device, wakeFD: wakeRead, continuation: continuation,
            pathCheckInterval: pathCheckInterval, permissionGrace: permissionGrace,
            reopen: reopen ?? Self.openAgain(grab: grab)
        )
        let finished = self.finished
        let state = self.state
        let thread = Thread {
            loop.run()
            continuation.finish()
            state.markFinished()
            finished.signal()
        }
        thread.name = "catalog-scanner"
        thread.start()
    }

    /// The default way back: open the same path again, grabbing if asked.
    static func openAgain(grab: Bool) -> Reopen {
        @Sendable func open(_ path: String) throws(ScannerError) -> InputDevice {
            try InputDevice.open(path, grab: grab)
        }
        return open
    }

    deinit {
        Glibc.close(wakeRead)
        Glibc.close(wakeWrite)
    }

    /// Stops the reader: wakes its thread, which releases the grab (EVIOCGRAB 0), closes the device and
    /// finishes `reports`. Blocks the calling thread up to `timeout` seconds for that (from async code, use
    /// the `async` overload, which waits without holding a thread); returns whether it finished. Safe to repeat.
    @discardableResult
    public func stop(timeout: Double = 3) -> Bool {
        requestStop()
        guard finished.wait(timeout: .now() + timeout) == .success else { return false }
        finished.signal()  // let every other caller of stop() through too
        return true
    }
}

extension DeviceReader {
    /// Wakes the reader's thread to stop, once.
    func requestStop() {
        if state.markStopping() {
            var byte: UInt8 = 1
            _ = write(wakeWrite, &byte, 1)
        }
    }

    /// Runs `body` once the reader's thread has finished (at once if it has).
    func whenFinished(_ body: @escaping @Sendable () -> Void) { state.whenFinished(body) }
}

/// Whether `stop()` was already called, shared between callers of `stop()`, and whether the thread is done.
final class ReaderState: @unchecked Sendable {
    private let lock = NSLock()
    private var stopping = false
    private var finished = false
    private var waiting: [@Sendable () -> Void] = []

    /// Marks the reader's thread finished and runs what waited for that.
    func markFinished() {
        let callbacks = lock.withLock {
            finished = true
            defer { waiting = [] }
            return waiting
        }
        for callback in callbacks { callback() }
    }

    /// Runs `body` once the thread has finished (at once if it has).
    func whenFinished(_ body: @escaping @Sendable () -> Void) {
        let already = lock.withLock {
            if !finished { waiting.append(body) }
            return finished
        }
        if already { body() }
    }

    /// Marks the reader stopping; true the first time only.
    func markStopping() -> Bool {
        lock.withLock {
            defer { stopping = true }
            return !stopping
        }
    }
}
