import CatalogCore

/// Why the webhook listener could not start.
public enum WebhookListenerError: Error, CustomStringConvertible, Sendable {
    /// The server did not start listening on the address.
    case notListening(host: String, port: Int, reason: String)

    /// The sentence a user reads.
    public var description: String {
        switch self {
        case .notListening(let host, let port, let reason):
            return "Cannot listen for webhooks on \(host):\(port): \(reason). "
                + "Pick another --port (0 for a free one) or stop whatever is using it."
        }
    }
}

extension WebhookListenerError: UserFacingError {
    public var exitStatus: ExitStatus {
        switch self {
        case .notListening: return .unavailable
        }
    }
}
