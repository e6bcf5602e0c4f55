/// A moment on an input device's clock (the kernel's monotonic clock in live use), exact to the microsecond.
public struct EventTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Microseconds since the clock's origin.
    public var microseconds: Int64

    /// Makes a time from a count of microseconds since the clock's origin.
    public init(microseconds: Int64) {
        self.microseconds = microseconds
    }

    /// Makes a time from the `seconds` and `microseconds` fields of a kernel `input_event`.
    public init(seconds: Int64, microseconds: Int64) {
        self.microseconds = seconds &* 1_000_000 &+ microseconds
    }

    /// Whole seconds, the `input_event_sec` field.
    public var seconds: Int64 { microseconds.floorDiv(1_000_000) }

    /// Microseconds after `seconds`, the `input_event_usec` field (0 ..< 1,000,000).
    public var microsecondOfSecond: Int64 { microseconds - seconds * 1_000_000 }

    /// The time `duration` later (earlier when negative), truncated to the microsecond.
    public func advanced(by duration: Duration) -> EventTime {
        EventTime(microseconds: microseconds &+ duration.wholeMicroseconds)
    }

    /// The duration from `earlier` to this time.
    public func duration(since earlier: EventTime) -> Duration {
        .microseconds(microseconds &- earlier.microseconds)
    }

    /// Orders times on the same clock.
    public static func < (lhs: EventTime, rhs: EventTime) -> Bool { lhs.microseconds < rhs.microseconds }

    /// `seconds.micros`, as the kernel prints it.
    public var description: String {
        let micros = String(microsecondOfSecond)
        return "\(seconds)." + String(repeating: "0", count: 6 - micros.count) + micros
    }
}

extension Duration {
    /// The duration in whole microseconds, truncated toward zero.
    var wholeMicroseconds: Int64 {
        let parts = components
        return parts.seconds &* 1_000_000 &+ parts.attoseconds / 1_000_000_000_000
    }
}

extension Int64 {
    fileprivate func floorDiv(_ divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
