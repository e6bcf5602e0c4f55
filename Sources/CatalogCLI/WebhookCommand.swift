import ArgumentParser
import CatalogApp
import CommandSupport
import Foundation

/// `catalog webhook`: keep the local catalog current from Square's webhook events.
struct WebhookCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "webhook",
        abstract: "Receive Square's webhook events and sync on each change.",
        subcommands: [Serve.self]
    )

    /// The sync one webhook event asks for: the outbox first (as `catalog sync` does), then an incremental
    /// pull, one line on stderr.
    static func sync(_ workflow: SyncWorkflow) async throws {
        let summary = try await workflow.run(report: Terminal.error)
        Terminal.error(
            "synced: \(Terminal.count(summary.changed)) changed, \(Terminal.count(summary.deleted)) deleted, "
                + "\(Terminal.count(summary.fetched)) fetched in " + String(format: "%.2fs", summary.elapsed))
    }
}
