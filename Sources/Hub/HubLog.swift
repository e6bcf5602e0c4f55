import Logging
import Webhooks

/// Where the hub's one-line log goes: stderr, as `catalog serve` shows it and the systemd journal keeps it.
/// Never a token: requests are logged by path and device name, not by their headers.
enum HubLog {
    static let logger = WebhookLog.standardError(label: "catalog.hub")
}
