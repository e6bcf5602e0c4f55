import ArgumentParser
import CatalogApp
import CommandSupport

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
