import CatalogCore
import Foundation

extension RetryPolicy {
    /// The longest wait a `Retry-After` header may impose, in seconds.
    public var maxRetryAfter: TimeInterval { maxDelay * 4 }

    /// The upper bound of the jittered delay before retry number `retry` (1 for the first retry).
    public func delayCeiling(beforeRetry retry: Int) -> TimeInterval {
        let exponent = Double(max(retry - 1, 0))
        let grown = initialDelay * pow(max(multiplier, 1), exponent)
        return max(0, min(maxDelay, grown.isFinite ? grown : maxDelay))
    }

    /// The wait before retry number `retry`: the server's `Retry-After` when it gave one (capped),
    /// otherwise a random delay between zero and `delayCeiling(beforeRetry:)`.
    public func delay(
        beforeRetry retry: Int, retryAfter: TimeInterval?,
        random: (ClosedRange<Double>) -> Double = { Double.random(in: $0) }
    ) -> TimeInterval {
        if let retryAfter, retryAfter > 0 {
            return min(retryAfter, maxRetryAfter)
        }
        let ceiling = delayCeiling(beforeRetry: retry)
        return ceiling > 0 ? random(0...ceiling) : 0
    }

    /// Reads a `Retry-After` value: a number of seconds or an HTTP date (RFC 9110), as seconds from `now`.
    ///
    /// Returns nil for a missing or unreadable value; a date in the past gives zero.
    public static func retryAfterSeconds(_ header: String?, now: Timestamp = Timestamp.now()) -> TimeInterval? {
        guard let text = header?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if let seconds = Double(text), seconds.isFinite {
            return max(0, seconds)
        }
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) {
                let current = Double(now.seconds) + Double(now.nanoseconds) / 1e9
                return max(0, date.timeIntervalSince1970 - current)
            }
        }
        return nil
    }
}
