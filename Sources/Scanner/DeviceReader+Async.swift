import Foundation

extension DeviceReader {
    /// Stops the reader as `stop(timeout:)` does, but waits without holding a thread, so a stop from a task
    /// never stalls Swift's cooperative pool (and with it, every other task of the process).
    @discardableResult
    public func stop(timeout: Double = 3) async -> Bool {
        requestStop()
        return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let answer = FirstAnswer(continuation)
            let timer = Task {
                // Cancelled (the thread finished first): the answer was given already.
                guard (try? await Task.sleep(for: .milliseconds(Int(max(0, timeout) * 1000)))) != nil else { return }
                answer.give(false)
            }
            whenFinished {
                answer.give(true)
                timer.cancel()
            }
        }
    }
}

extension InputDevice {
    /// `open(_:grab:keyReleaseTimeout:)` on a thread of its own: its wait for held keys to be released
    /// never blocks a thread of Swift's cooperative pool.
    public static func opening(_ path: String, grab: Bool, keyReleaseTimeout: Double = 2) async throws(ScannerError)
        -> InputDevice
    {
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<InputDevice, ScannerError>, Never>) in
            let thread = Thread {
                do throws(ScannerError) {
                    continuation.resume(
                        returning: .success(try open(path, grab: grab, keyReleaseTimeout: keyReleaseTimeout)))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
            thread.name = "catalog-scanner-open"
            thread.start()
        }
        return try result.get()
    }
}

/// Resumes a continuation with the first answer given; later answers are dropped.
private final class FirstAnswer<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Value, Never>?

    init(_ continuation: CheckedContinuation<Value, Never>) { self.continuation = continuation }

    func give(_ value: Value) {
        let waiting = lock.withLock {
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume(returning: value)
    }
}
