#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An instant exact to the nanosecond, read from and written as RFC 3339 (Square's `created_at`, `updated_at`).
public struct Timestamp: Hashable, Comparable, Sendable {
    /// Whole seconds since 1970-01-01T00:00:00Z (negative before).
    public let seconds: Int64
    /// Nanoseconds after `seconds`, 0 ..< 1_000_000_000.
    public let nanoseconds: Int32

    /// Makes an instant; `nanoseconds` outside 0 ..< 1_000_000_000 carries into `seconds`.
    public init(seconds: Int64, nanoseconds: Int32 = 0) {
        let carry = Int64(nanoseconds).floorDivided(by: 1_000_000_000)
        self.seconds = seconds + carry
        self.nanoseconds = Int32(Int64(nanoseconds) - carry * 1_000_000_000)
    }

    /// The instant `milliseconds` after the Unix epoch (Square's versions look like this).
    public init(epochMilliseconds milliseconds: Int64) {
        let wholeSeconds = milliseconds.floorDivided(by: 1000)
        self.init(seconds: wholeSeconds, nanoseconds: Int32((milliseconds - wholeSeconds * 1000) * 1_000_000))
    }

    /// Milliseconds since the Unix epoch, rounded down.
    public var epochMilliseconds: Int64 { seconds * 1000 + Int64(nanoseconds / 1_000_000) }

    /// The current time from the system's real-time clock.
    public static func now() -> Timestamp {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Timestamp(seconds: Int64(spec.tv_sec), nanoseconds: Int32(spec.tv_nsec))
    }

    /// Orders instants from earliest to latest.
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }
}

extension Timestamp: CustomStringConvertible {
    /// The RFC 3339 text, as `rfc3339`.
    public var description: String { rfc3339 }
}

extension Int64 {
    /// The quotient rounded towards negative infinity.
    func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}

extension Timestamp {
    /// The start of a day (`2026-11-23`, midnight UTC) or an RFC 3339 time, as RFC 3339 text; nil when
    /// `text` is neither (a day is checked like a time: 2026-11-99 is no date).
    public static func start(of text: String) -> String? {
        if text.wholeMatch(of: /\d{4}-\d{2}-\d{2}/) != nil { return Timestamp(rfc3339: text + "T00:00:00Z")?.rfc3339 }
        return Timestamp(rfc3339: text)?.rfc3339
    }
}
