import CatalogCore
import Foundation

/// A clock the test moves by hand: its time stands still, a sleep waits until the test advances the
/// clock past its end, and nothing takes real time. A retry back-off of 8 s, a 30 s request timeout or a
/// 60 s print wait then run in microseconds, in the order the test chooses, and the test can check what
/// was waited for.
public final class TestClock: CatalogClock, @unchecked Sendable {
    private struct Sleeper {
        var id: Int
        var duration: Duration
        var deadline: Duration
        var continuation: CheckedContinuation<Void, any Error>
    }

    /// A test waiting in `nextSleep` for a sleep that `matching` accepts.
    private struct Watcher {
        var id: Int
        var matching: @Sendable (Duration) -> Bool
        var continuation: CheckedContinuation<Duration?, Never>
    }

    private let lock = NSLock()
    private let start: Timestamp
    private var elapsed: Duration = .zero
    private var waits: [Duration] = []
    private var sleepers: [Sleeper] = []
    private var watchers: [Watcher] = []
    private var nextID = 0
    private var selfAdvancingBelow: Duration = .zero

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

    /// Waits until the clock is advanced `duration` past now; throws `CancellationError` when the task is
    /// cancelled first.
    public func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        guard duration > .zero else { return }
        let passes = lock.withLock {
            guard duration < selfAdvancingBelow else { return false }
            waits.append(duration)
            return true
        }
        if passes {
            advance(by: duration)
            return
        }
        let id = lock.withLock {
            nextID += 1
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let watching = lock.withLock {
                    waits.append(duration)
                    sleepers.append(
                        Sleeper(id: id, duration: duration, deadline: elapsed + duration, continuation: continuation))
                    let watching = watchers.filter { $0.matching(duration) }
                    watchers.removeAll { $0.matching(duration) }
                    return watching
                }
                for watcher in watching { watcher.continuation.resume(returning: duration) }
                // Cancelled before the sleeper was registered: the handler found nothing to wake.
                if Task.isCancelled { wake(id, throwing: CancellationError()) }
            }
        } onCancel: {
            wake(id, throwing: CancellationError())
        }
    }

    /// From now on, a sleep shorter than `limit` moves the clock forward by its own length and returns at
    /// once (still counted in `sleeps`); longer ones wait for `advance` as before. With a limit below the
    /// request timeout, a workflow's retry back-offs pass without the test stepping through each one,
    /// while every request's timeout still never fires on its own.
    public func advanceSleeps(shorterThan limit: Duration) {
        lock.withLock { selfAdvancingBelow = limit }
    }

    /// Moves the time forward by `duration` and wakes every sleep that has ended.
    public func advance(by duration: Duration) {
        let due = lock.withLock {
            elapsed += duration
            let due = sleepers.filter { $0.deadline <= elapsed }
            sleepers.removeAll { $0.deadline <= elapsed }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Waits until something sleeps on this clock for a duration that `matching` accepts (or already
    /// does), and returns that duration: at the moment the sleep begins, not by looking now and then. Nil
    /// when nothing did within `seconds` of real time, a bound that only a failing test reaches.
    public func nextSleep(
        matching: @escaping @Sendable (Duration) -> Bool = { _ in true }, seconds: Double = 10
    ) async -> Duration? {
        let id = lock.withLock {
            nextID += 1
            return nextID
        }
        return await withTaskGroup(of: Duration?.self) { group in
            group.addTask {
                await withCheckedContinuation { (continuation: CheckedContinuation<Duration?, Never>) in
                    let found = self.lock.withLock { () -> Duration? in
                        if let found = self.sleepers.first(where: { matching($0.duration) }) { return found.duration }
                        self.watchers.append(Watcher(id: id, matching: matching, continuation: continuation))
                        return nil
                    }
                    if let found { continuation.resume(returning: found) }
                }
            }
            group.addTask {
                try? await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
                self.stopWatching(id)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    /// Ends a `nextSleep` that is still waiting, with nil.
    private func stopWatching(_ id: Int) {
        let watcher = lock.withLock { () -> Watcher? in
            guard let index = watchers.firstIndex(where: { $0.id == id }) else { return nil }
            return watchers.remove(at: index)
        }
        watcher?.continuation.resume(returning: nil)
    }

    /// Every sleep asked of this clock so far, in order (the ones still waiting too).
    public var sleeps: [Duration] { lock.withLock { waits } }

    /// How many sleeps are waiting for the clock to move.
    public var waiting: Int { lock.withLock { sleepers.count } }

    private func wake(_ id: Int, throwing error: any Error) {
        let sleeper = lock.withLock { () -> Sleeper? in
            guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
            return sleepers.remove(at: index)
        }
        sleeper?.continuation.resume(throwing: error)
    }
}
