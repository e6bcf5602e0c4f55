import CatalogCore

/// The sandbox's clock words: versions are epoch milliseconds, Square's timestamps are RFC 3339.
enum SandboxTime {
    /// `ms` as an RFC 3339 UTC timestamp.
    static func format(_ ms: Int64) -> String { Timestamp(epochMilliseconds: ms).rfc3339 }

    /// The epoch milliseconds of an RFC 3339 timestamp (any offset, 0 to 9 fractional digits).
    static func parse(_ text: String) -> Int64? { Timestamp(rfc3339: text)?.epochMilliseconds }
}
