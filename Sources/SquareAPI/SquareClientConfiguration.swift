import CatalogCore
import Foundation

/// Everything a `SquareClient` needs to reach Square: where, as whom, and how patiently.
public struct SquareClientConfiguration: Sendable {
    /// The API version this tool was written against, sent as `Square-Version`.
    public static let defaultSquareVersion = "2025-08-20"

    /// Scheme, host and port that request paths such as `/v2/catalog/search` are appended to.
    public var baseURL: URL
    /// The seller's access token; sent only in the `Authorization` header, never shown.
    public var accessToken: String
    /// The `Square-Version` header value (`YYYY-MM-DD`).
    public var squareVersion: String
    /// Seconds one attempt may take before it counts as timed out.
    public var requestTimeout: TimeInterval = 30
    /// How retryable failures are repeated.
    public var retry = RetryPolicy()
    /// What retry back-offs and request timeouts wait on, and what `Retry-After` dates are read against.
    public var clock: any CatalogClock = SystemClock()

    /// A configuration for `baseURL` (see `SquareEnvironment.baseURL`) and `accessToken`.
    public init(
        baseURL: URL, accessToken: String, squareVersion: String = defaultSquareVersion,
        requestTimeout: TimeInterval = 30, retry: RetryPolicy = RetryPolicy(), clock: any CatalogClock = SystemClock()
    ) {
        self.baseURL = baseURL
        self.accessToken = accessToken
        self.squareVersion = squareVersion
        self.requestTimeout = requestTimeout
        self.retry = retry
        self.clock = clock
    }
}
