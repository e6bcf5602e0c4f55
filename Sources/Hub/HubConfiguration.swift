import Foundation

/// How `catalog serve` runs: where it listens, which location its counters stand in, how often it syncs.
public struct HubConfiguration: Sendable {
    /// The address to listen on: 127.0.0.1 unless the shop's network should reach it.
    public var host: String
    /// The TCP port (0 picks a free one).
    public var port: Int
    /// The location the hub's counters stand in (name or id); nil uses the configured or only one.
    public var location: String?
    /// How often to sync when no webhook came (nil: only at start and on webhooks).
    public var syncInterval: Duration?
    /// Square's webhook subscription, when the hub receives webhooks at `/webhooks/square`.
    public var webhook: (notificationURL: String, signatureKey: String)?
    /// Whether to sync when the hub starts.
    public var syncOnStart: Bool
    /// HTTPS with the shop's own certificate or the hub's own CA: the hub then speaks only HTTPS, and its
    /// device cookie is Secure. Nil: plain HTTP.
    public var tls: HubTLS?
    /// Plain HTTP beyond this computer, asked for with `--insecure-http`: every page says so.
    public var insecureHTTP: Bool
    /// How long a counter may go without a scan before a mode other than lookup goes back to lookup (nil:
    /// never).
    public var counterIdle: Duration?
    /// How a counter page tells a keyboard-wedge scanner from typing: a burst of at least `minimumLength`
    /// characters, each at most `maximumGapMs` after the one before (the shop's shortest code, and its
    /// scanners' pace).
    public var wedge: (minimumLength: Int, maximumGapMs: Int)
    /// Requests a second each paired device may make, with four seconds' worth at once; beyond, 429.
    public var deviceRate: Double
    /// How often the hub looks for staged price plans whose time has come (`StagedPrices.applyDue`); it also
    /// looks once at start, for a plan whose time passed while it was off.
    public var planCheck: Duration = .seconds(30)
    /// How often the hub asks CUPS how the print queue's jobs are doing (`HubPrintQueue`).
    public var printCheck: Duration = .seconds(3)

    /// 50 requests a second: many times what a screen typing and scanning asks.
    public static let defaultDeviceRate = 50.0

    public init(
        host: String = "127.0.0.1", port: Int = 8080, location: String? = nil, syncInterval: Duration? = .seconds(300),
        webhook: (notificationURL: String, signatureKey: String)? = nil, syncOnStart: Bool = true,
        tls: HubTLS? = nil, insecureHTTP: Bool = false, counterIdle: Duration? = ScanDesk.defaultIdleLimit,
        wedge: (minimumLength: Int, maximumGapMs: Int) = (6, 25), deviceRate: Double = defaultDeviceRate
    ) {
        self.deviceRate = deviceRate
        self.counterIdle = counterIdle
        self.wedge = wedge
        self.host = host
        self.port = port
        self.location = location
        self.syncInterval = syncInterval
        self.webhook = webhook
        self.syncOnStart = syncOnStart
        self.tls = tls
        self.insecureHTTP = insecureHTTP
    }
}
