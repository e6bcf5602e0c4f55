/// How to start a `WebhookListener`.
public struct WebhookListenerConfiguration: Sendable, CustomStringConvertible {
    /// The address to listen on; 127.0.0.1 keeps the listener behind a reverse proxy.
    public var host: String
    /// The TCP port; 0 picks a free one.
    public var port: Int
    /// The notification URL configured in Square for this subscription, byte for byte.
    public var notificationURL: String
    /// The subscription's signature key (never logged).
    public var signatureKey: String
    /// The largest body accepted; a bigger one is answered 413 (Square's events are a few kilobytes).
    public var maxBodyBytes: Int
    /// How many recent event ids are remembered to drop repeated deliveries.
    public var rememberedEventIDs: Int

    /// Creates a configuration; the defaults listen on 127.0.0.1 on a free port and accept up to 1 MB.
    public init(
        host: String = "127.0.0.1", port: Int = 0, notificationURL: String, signatureKey: String,
        maxBodyBytes: Int = 1 << 20, rememberedEventIDs: Int = 10_000
    ) {
        self.host = host
        self.port = port
        self.notificationURL = notificationURL
        self.signatureKey = signatureKey
        self.maxBodyBytes = maxBodyBytes
        self.rememberedEventIDs = rememberedEventIDs
    }

    /// The settings without the signature key.
    public var description: String {
        "WebhookListenerConfiguration(host: \(host), port: \(port), notificationURL: \(notificationURL), "
            + "signatureKey: <hidden>, maxBodyBytes: \(maxBodyBytes), rememberedEventIDs: \(rememberedEventIDs))"
    }
}
