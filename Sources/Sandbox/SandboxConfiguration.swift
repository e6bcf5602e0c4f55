import CatalogCore
import Foundation

/// Which catalog the sandbox starts with when it has no data file to load.
public enum SandboxSeed: Sendable, Equatable {
    /// An empty catalog with one location.
    case none
    /// A realistic small shop: a few hundred items in about a dozen categories, two locations.
    case demo
    /// A generated catalog of exactly `variations` variations spread over about `variations / 2.85` items.
    case synthetic(variations: Int)
}

/// Faults the sandbox injects into its responses, so clients can be tested against a bad network.
public struct SandboxFaults: Sendable, Equatable {
    /// Fraction (0...1) of requests answered 500 INTERNAL_SERVER_ERROR without being processed.
    public var failRate: Double
    /// Every Nth request is answered 429 RATE_LIMITED with `Retry-After: 1` (0 turns it off).
    public var rateLimitEvery: Int
    /// Milliseconds added before each response.
    public var latencyMs: Int
    /// Every Nth response sends its headers and part of its body, then closes the connection (0 = off).
    public var dropEvery: Int
    /// Every Nth request is answered `200 {}` without the `Square-Version` header and without being
    /// processed, as a wrong base URL or a proxy's page would answer (0 = off).
    public var foreignAnswerEvery: Int
    /// Seed of the deterministic random numbers behind `failRate`.
    public var seed: UInt64
    /// Catalog objects (by id, nested variations too) sent damaged in every catalog read: their
    /// `version` is not a number, as a corrupt copy in a response would be.
    public var badObjects: Set<String>
    /// Seconds a catalog cursor stays valid (0: forever); an older one is refused with INVALID_CURSOR,
    /// as Square's short-lived cursors are.
    public var cursorTTLSeconds: Double
    /// Every Nth catalog cursor sent back is refused as expired (0: off): cursor expiry at a known page,
    /// for tests.
    public var expireCursorEvery: Int

    /// Creates a fault plan; the defaults inject nothing.
    public init(
        failRate: Double = 0, rateLimitEvery: Int = 0, latencyMs: Int = 0, dropEvery: Int = 0,
        foreignAnswerEvery: Int = 0, seed: UInt64 = 1, badObjects: Set<String> = [], cursorTTLSeconds: Double = 0,
        expireCursorEvery: Int = 0
    ) {
        self.badObjects = badObjects
        self.cursorTTLSeconds = cursorTTLSeconds
        self.expireCursorEvery = expireCursorEvery
        self.failRate = failRate
        self.rateLimitEvery = rateLimitEvery
        self.latencyMs = latencyMs
        self.dropEvery = dropEvery
        self.foreignAnswerEvery = foreignAnswerEvery
        self.seed = seed
    }
}

/// One request and the response the sandbox gave it, reported for contract tests.
public struct SandboxExchange: Sendable {
    /// The HTTP method, such as `GET`.
    public let method: String
    /// The path without the query, such as `/v2/catalog/search`.
    public let path: String
    /// The raw query string without the `?` (empty when there is none).
    public let query: String
    /// The request body as received.
    public let requestBody: [UInt8]
    /// The HTTP status code of the response.
    public let status: Int
    /// The full response body (also when the fault plan dropped the connection part way).
    public let responseBody: [UInt8]

    /// Creates an exchange record.
    public init(method: String, path: String, query: String, requestBody: [UInt8], status: Int, responseBody: [UInt8]) {
        self.method = method
        self.path = path
        self.query = query
        self.requestBody = requestBody
        self.status = status
        self.responseBody = responseBody
    }
}

/// How to start a `SandboxServer`.
public struct SandboxConfiguration: Sendable {
    /// TCP port on 127.0.0.1; 0 picks a free port.
    public var port: Int
    /// The bearer token every request must carry.
    public var token: String
    /// The catalog to start with when there is no data file to load.
    public var seed: SandboxSeed
    /// A file that keeps the catalog across restarts: loaded on start, saved atomically after each write.
    public var dataFile: String?
    /// Faults to inject from the start.
    public var faults: SandboxFaults
    /// Called with every request and its response.
    public var onExchange: (@Sendable (SandboxExchange) -> Void)?
    /// Where to POST a signed `catalog.version.updated` event after every catalog write, and signed
    /// `inventory.count.updated` events (at most 100 counts each) after every inventory change (with `signatureKey`).
    public var webhookURL: String?
    /// The key events are signed with: base64(HMAC-SHA256(key, webhookURL + body)).
    public var signatureKey: String?
    /// Seconds between the sandbox's clock and the machine's (positive: the sandbox is later). Every time
    /// it stamps (versions, `updated_at`, `created_at`, events) and Square's 24-hour window on
    /// `occurred_at` use the moved clock.
    public var clockOffset: Double

    /// Creates a configuration; the defaults give an empty catalog on a free port.
    public init(
        port: Int = 0,
        token: String = "sandbox-token",
        seed: SandboxSeed = .none,
        dataFile: String? = nil,
        faults: SandboxFaults = SandboxFaults(),
        onExchange: (@Sendable (SandboxExchange) -> Void)? = nil,
        webhookURL: String? = nil,
        signatureKey: String? = nil,
        clockOffset: Double = 0
    ) {
        self.port = port
        self.token = token
        self.seed = seed
        self.dataFile = dataFile
        self.faults = faults
        self.onExchange = onExchange
        self.webhookURL = webhookURL
        self.signatureKey = signatureKey
        self.clockOffset = clockOffset
    }

    /// The `clockOffset` that makes the sandbox's "now" the RFC 3339 time `now` (0 if it is not one): for
    /// tests whose inventory changes carry fixed times, which must be within Square's 24 hours.
    public static func clockOffset(makingNow now: String) -> Double {
        guard let target = Timestamp(rfc3339: now) else { return 0 }
        return Double(target.epochMilliseconds) / 1000 - Date().timeIntervalSince1970
    }
}
