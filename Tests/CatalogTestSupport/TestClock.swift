import CatalogCore
import Foundation

/// A clock for tests: its time stands still until something sleeps on it, and a sleep returns at once
/// after moving the time forward by exactly what was asked. A retry back-off of 8 s, a 30 s print
/// timeout or a 3 s reconnect grace then take no real time, and a test can check what was waited.
public final class TestClock: CatalogClock, @unchecked Sendable {
    private let lock = NSLock()
    private let start: Timestamp
    private var elapsed: Duration = .zero
    private var waits: [Duration] = []

    /// A clock showing `start` (by default 2026-01-02T09:00:00Z, a Friday morning).
    public init(start: Timestamp = Timestamp(seconds: 1_767_344_400)) {
        self.start = start
    }

    public func now() -> Timestamp {
        let components = lock.withLock { elapsed.components }
        return Timestamp(
            seconds: start.seconds + components.seconds,
            nanoseconds: start.nanoseconds + Int32(components.attoseconds / 1_000_000_000))
    }

    public func uptime() -> Duration { lock.withLock { elapsed } }

    public func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        lock.withLock {
            waits.append(duration)
            if duration > .zero { elapsed += duration }
        }
        await Task.yield()
    }

    /// Moves the time forward without anyone sleeping (a person who waited, a slow answer).
    public func advance(by duration: Duration) {
        lock.withLock { elapsed += duration }
    }

    /// Every sleep asked of this clock so far, in order.
    public var sleeps: [Duration] { lock.withLock { waits } }

    /// The time passed since the clock was made.
    public var total: Duration { uptime() }
}
