import CatalogCore
import Foundation

/// The sandbox's clock words: versions are epoch milliseconds, Square's timestamps are RFC 3339.
enum SandboxTime {
    /// `ms` as an RFC 3339 UTC timestamp.
    static func format(_ ms: Int64) -> String { Timestamp(epochMilliseconds: ms).rfc3339 }

    /// The epoch milliseconds of an RFC 3339 timestamp (any offset, 0 to 9 fractional digits).
    static func parse(_ text: String) -> Int64? { Timestamp(rfc3339: text)?.epochMilliseconds }
}

/// The sandbox's "now": the machine's clock moved by a fixed offset, so tests can put the sandbox in the
/// future (or the past) of the processes that talk to it.
struct SandboxClock: Sendable {
    /// How far the sandbox's clock is from the machine's, in milliseconds (positive: later).
    let offsetMs: Int64

    init(offsetSeconds: Double = 0) { offsetMs = Int64((offsetSeconds * 1000).rounded()) }

    /// Now, in epoch milliseconds.
    func nowMs() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) + offsetMs }
}
