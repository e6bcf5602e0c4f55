import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Store

/// `catalog reorder list`: the list grouped by vendor, with totals.
struct ReorderListCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Show the reorder list grouped by vendor, with each vendor's units and total cost.",
        discussion: """
            Shows wanted and ordered lines; --status picks one (or received, removed, all). Stock on hand \
            is the count last read from Square (by reorder suggest or a receipt) at --location, the \
            configured location, or the shop's only location.
            """
    )

    @OptionGroup var options: GlobalOptions

    @Option(help: ArgumentHelp("open (default), wanted, ordered, received, removed or all.", valueName: "status"))
    var status = "open"

    @Option(help: ArgumentHelp("Only this vendor's lines.", valueName: "name"))
    var vendor: String?

    @Option(help: ArgumentHelp("The location whose stock to show.", valueName: "name"))
    var location: String?

    @Flag(help: "Print one JSON object per line.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let statuses = try ReorderWorkflow.statuses(status)
        let lines = try await ReorderWorkflow(context: context).lines(
            statuses: statuses, vendor: vendor, location: location)
        if json {
            for line in ReorderOutput.sorted(lines) { output.out(ReorderOutput.json(line)) }
        } else if lines.isEmpty {
            output.out("The reorder list is empty" + (vendor.map { " for \($0)" } ?? "") + ".")
        } else {
            output.out(ReorderOutput.table(lines))
        }
    }
}

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
