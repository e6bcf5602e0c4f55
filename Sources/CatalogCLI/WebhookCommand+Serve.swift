import ArgumentParser
import CatalogApp
import CommandSupport
import Foundation
import Webhooks

extension WebhookCommand {
    /// `catalog webhook serve`: the listener.
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Listen for Square's catalog and inventory events and run an incremental sync on each.",
            discussion: """
                Answers POST on any path. Every request must carry Square's x-square-hmacsha256-signature \
                for --notification-url exactly as configured in Square (scheme, host, path, byte for byte; \
                behind a TLS proxy it is the public https URL). Prefer giving the key in the environment \
                (SQUARE_WEBHOOK_SIGNATURE_KEY): flags show in ps. catalog.version.updated and \
                inventory.count.updated start an incremental sync; while one runs, at most one more is \
                queued. An inventory event's IN_STOCK counts are stored at once, each unless the stored \
                count is newer (by calculated_at), so a late delivery never overwrites a newer figure. Prints `listening on http://HOST:PORT` when ready; one line per event and per \
                sync goes to stderr. Stop it with Ctrl-C. See docs/webhooks.md.
                """
        )

        @OptionGroup var options: GlobalOptions

        @Option(help: "TCP port to listen on (0 picks a free one).")
        var port = 8088

        @Option(help: "Address to listen on; keep 127.0.0.1 behind a reverse proxy.")
        var host = "127.0.0.1"

        @Option(
            help: ArgumentHelp(
                "The subscription's signature key (default: $SQUARE_WEBHOOK_SIGNATURE_KEY).", valueName: "key"))
        var signatureKey: String?

        @Option(help: ArgumentHelp("The notification URL configured in Square, byte for byte.", valueName: "url"))
        var notificationURL: String

        func validate() throws {
            guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535, not \(port).") }
            guard !host.isEmpty else { throw ValidationError("--host cannot be empty.") }
            guard let url = URL(string: notificationURL), ["http", "https"].contains(url.scheme ?? ""),
                url.host != nil
            else {
                throw ValidationError(
                    "--notification-url must be the http(s) URL configured in Square, not “\(Terminal.echo(notificationURL))”."
                )
            }
            _ = try resolvedKey()
        }

        /// The key from the flag, else from the environment; a usage error when neither gives one.
        func resolvedKey(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
            if let signatureKey, !signatureKey.isEmpty { return signatureKey }
            if let key = environment["SQUARE_WEBHOOK_SIGNATURE_KEY"], !key.isEmpty { return key }
            throw ValidationError(
                "No signature key: set SQUARE_WEBHOOK_SIGNATURE_KEY (or pass --signature-key) to the key "
                    + "Square shows for this webhook subscription.")
        }

        func run() async throws {
            try await reportingErrors {
                let workflow = try SyncWorkflow(context: AppContext(settings: try Settings.resolve(options)))
                let coalescer = SyncCoalescer { try await WebhookCommand.sync(workflow) }
                let configuration = WebhookListenerConfiguration(
                    host: host, port: port, notificationURL: notificationURL, signatureKey: try resolvedKey())
                let listener: WebhookListener
                do {
                    listener = try await WebhookListener.start(
                        configuration, coalescer: coalescer, database: workflow.engine.database)
                } catch let error as WebhookListenerError {
                    throw AppError(error.description, exitCode: .unavailable)
                }
                Terminal.out("listening on \(listener.baseURL.absoluteString)")
                await Signals.waitForTermination()
                await listener.stop()
            }
        }
    }
}
