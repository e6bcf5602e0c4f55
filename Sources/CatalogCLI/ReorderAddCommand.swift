import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

/// `catalog reorder add CODE|TEXT [--qty N]`: put a variation on the reorder list (adding up).
struct ReorderAddCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a variation to the reorder list; adding it again adds to its quantity.",
        discussion: """
            WHAT is a barcode, SKU or variation id (as for catalog show) or words from the name. Words \
            are searched: on a terminal you confirm the hit; in a script a single hit is taken and \
            several are refused with the candidates (or pass --first).
            """
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: "A barcode, SKU, variation id, or words from the name.")
    var what: String

    @Option(name: .customLong("qty"), help: ArgumentHelp("How many to add.", valueName: "n"))
    var quantity = 1

    @Option(help: ArgumentHelp("A note for the line (replaces any earlier note).", valueName: "text"))
    var note: String?

    @Flag(help: "Take the top search hit without asking.")
    var first = false

    @Flag(help: "Print the line as one JSON object.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let quantity = try ReorderWorkflow.quantity(quantity, field: "--qty")
        let line = try await ReorderWorkflow(context: context).add(
            what, quantity: quantity, note: note, takeFirst: first)
        if json {
            output.out(ReorderOutput.json(line))
        } else {
            output.out("Added \(quantity) × \(line.label): \(line.quantity) now on the list.")
        }
    }
}
