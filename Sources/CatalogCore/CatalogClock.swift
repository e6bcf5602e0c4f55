#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where `catalog` reads the time and waits: the system's clocks in the product, a clock the test
/// moves in tests, so retries, timeouts, reconnects and print waits run without sleeping.
///
/// Everything that records a time (the outbox, history, print and scan logs, the reorder list) or
/// waits (Square's retry back-off and request timeout, the scanner's reconnect checks, the print
/// wait) takes one of these, defaulting to `SystemClock`.
public protocol CatalogClock: Sendable {
    /// The time of day, for what is recorded and sent to Square.
    func now() -> Timestamp
    /// Time on a clock that never jumps (since some fixed moment), for deadlines and timeouts.
    func uptime() -> Duration
    /// Waits `duration` (nothing for zero or less); throws `CancellationError` when the task is
    /// cancelled first.
    func sleep(for duration: Duration) async throws
}

extension CatalogClock {
    /// The uptime at which `duration` from now has passed.
    public func deadline(after duration: Duration) -> Duration { uptime() + duration }

    /// Whether the uptime has reached `deadline`.
    public func hasPassed(_ deadline: Duration) -> Bool { uptime() >= deadline }

    /// Waits `seconds` (nothing for zero, less, or a value that is not a number).
    public func sleep(seconds: Double) async throws {
        guard seconds.isFinite, seconds > 0 else { return }
        try await sleep(for: .nanoseconds(Int64(min(seconds, 86_400 * 365) * 1e9)))
    }
}

/// The machine's clocks: `CLOCK_REALTIME` for the time of day, `CLOCK_MONOTONIC` for uptime, and
/// Swift's task sleep.
public struct SystemClock: CatalogClock {
    public init() {}

    public func now() -> Timestamp { Timestamp.now() }

    public func uptime() -> Duration {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return .seconds(Int64(spec.tv_sec)) + .nanoseconds(Int64(spec.tv_nsec))
    }

    public func sleep(for duration: Duration) async throws {
        guard duration > .zero else {
            try Task.checkCancellation()
            return
        }
        try await Task.sleep(for: duration)
    }
}

extension CatalogClock where Self == SystemClock {
    /// The machine's clocks.
    public static var system: SystemClock { SystemClock() }
}
