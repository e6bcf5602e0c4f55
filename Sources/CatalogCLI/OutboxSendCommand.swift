import ArgumentParser
import CatalogApp
import CommandSupport

/// `catalog outbox send`: send what waits, without pulling.
struct OutboxSendCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "send", abstract: "Send the waiting edits to Square now (catalog sync does this too).")

    @OptionGroup var options: GlobalOptions

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        output.out(
            SyncWorkflow.line(
                try await SyncWorkflow(context: context).sendOutboxNow(), frontEnd: context.frontEnd))
    }
}
