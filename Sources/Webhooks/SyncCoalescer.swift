import Logging

/// Runs at most one sync at a time and keeps at most one more waiting behind it.
///
/// A burst of requests while a sync runs costs one further sync, not one per request: the queued
/// sync starts after the running one ends and sees every change the burst announced. A sync that
/// throws is logged and does not stop later ones.
public actor SyncCoalescer {
    /// What one call to `request()` did.
    public enum Outcome: Sendable, Equatable {
        /// No sync was running, so one started.
        case started
        /// A sync was running, so one was queued behind it.
        case queued
        /// A sync was running and one was already queued; nothing more was needed.
        case coalesced
    }

    /// Counts since the coalescer was created.
    public struct Counts: Sendable, Equatable {
        /// Calls to `request()`.
        public var requested = 0
        /// Syncs started.
        public var started = 0
        /// Syncs that finished without throwing.
        public var succeeded = 0
        /// Syncs that threw.
        public var failed = 0
    }

    private let sync: @Sendable () async throws -> Void
    private let logger: Logger
    private var running = false
    private var queued = false
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []
    /// What has happened so far.
    public private(set) var counts = Counts()

    /// Creates a coalescer around `sync`; failures are logged to `logger` (stderr by default).
    public init(
        logger: Logger = WebhookLog.standardError(label: "catalog.webhook"),
        sync: @escaping @Sendable () async throws -> Void
    ) {
        self.logger = logger
        self.sync = sync
    }

    /// Asks for a sync: starts one now, or queues one behind the running sync, or does nothing more.
    @discardableResult
    public func request() -> Outcome {
        counts.requested += 1
        if running {
            if queued { return .coalesced }
            queued = true
            return .queued
        }
        running = true
        Task { await self.runUntilNothingQueued() }
        return .started
    }

    /// True while a sync runs or waits to run.
    public var isBusy: Bool { running }

    /// Returns once no sync is running or queued.
    public func waitUntilIdle() async {
        guard running else { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    private func runUntilNothingQueued() async {
        repeat {
            queued = false
            counts.started += 1
            do {
                try await sync()
                counts.succeeded += 1
            } catch {
                counts.failed += 1
                logger.error("sync failed: \(error)")
            }
        } while queued
        running = false
        let waiters = idleWaiters
        idleWaiters = []
        for waiter in waiters { waiter.resume() }
    }
}
