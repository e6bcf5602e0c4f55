import ArgumentParser
import CatalogApp
import CommandSupport
import Foundation

/// `catalog sandbox`'s webhook flags: where to post a signed event after every catalog write, and the key.
struct SandboxWebhookOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "After every catalog write, POST a signed catalog.version.updated event to this URL, and after every "
                + "inventory change inventory.count.updated events (at most 100 counts each).", valueName: "url"))
    var webhookURL: String?

    @Option(
        help: ArgumentHelp(
            "The key webhook events are signed with (default: $SQUARE_WEBHOOK_SIGNATURE_KEY).", valueName: "key"))
    var signatureKey: String?

    /// The webhook URL and key, when events are wanted: the key from the flag or the environment.
    func target(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> (url: String, key: String)? {
        guard let webhookURL else {
            guard signatureKey == nil else { throw ValidationError("--signature-key needs --webhook-url.") }
            return nil
        }
        guard let url = URL(string: webhookURL), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
            throw ValidationError("--webhook-url must be an http(s) URL, not “\(Terminal.echo(webhookURL))”.")
        }
        let key = signatureKey ?? environment["SQUARE_WEBHOOK_SIGNATURE_KEY"] ?? ""
        guard !key.isEmpty else {
            throw ValidationError(
                "--webhook-url needs a signature key: set SQUARE_WEBHOOK_SIGNATURE_KEY or --signature-key.")
        }
        return (webhookURL, key)
    }
}
