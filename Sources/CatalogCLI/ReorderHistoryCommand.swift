import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

/// `catalog reorder history [CODE]`: every change to the list, oldest first.
struct ReorderHistoryCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "Show every change to the reorder list: adds, orders, receipts, removals.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "Only this variation (a barcode, SKU, id or name).")
    var what: String?

    @Option(help: ArgumentHelp("Show at most this many of the newest changes.", valueName: "n"))
    var limit = 200

    @Flag(help: "Print one JSON object per change.")
    var json = false

    func validate() throws {
        guard limit > 0 else { throw ValidationError("--limit must be at least 1.") }
    }

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let events = try await ReorderWorkflow(context: context).history(of: what, limit: limit)
        for (event, label) in events {
            if json {
                output.out(ReorderOutput.json(event, label: label))
            } else {
                output.out(ReorderOutput.text(event, label: label))
            }
        }
        if events.isEmpty && !json { output.out("No changes to the reorder list yet.") }
    }
}
