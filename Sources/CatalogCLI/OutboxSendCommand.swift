import ArgumentParser
import CatalogApp
import CommandSupport
import Sync

/// `catalog outbox send`: send what waits, without pulling.
struct OutboxSendCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "send", abstract: "Send the waiting edits to Square now (catalog sync does this too).")

    @OptionGroup var options: GlobalOptions

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let editor = Editor(
            database: try context.openDatabase(), client: try context.makeClient(), counter: context.counter)
        output.out(SyncWorkflow.line(try await editor.sendOutbox()))
    }
}
