import ArgumentParser
import CatalogApp
import CommandSupport

/// `catalog reorder order --vendor V`: send a vendor's wanted lines as an order and mark them ordered.
struct ReorderOrderCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "order",
        abstract: "Mark a vendor's wanted lines as ordered, writing the order as CSV, JSON or PDF.",
        discussion: """
            The export is written first (to --output, or standard output), then each line moves to \
            ordered with the order reference stamped on it. Anything added to a line while the order \
            was written stays wanted. Receive the stock with catalog reorder receive.
            """
    )

    @OptionGroup var options: GlobalOptions
    @OptionGroup var export: ReorderExportOptions

    @Option(help: ArgumentHelp("The order reference (default: PO- and the date and time).", valueName: "ref"))
    var reference: String?

    func validate() throws {
        guard export.vendor != nil else { throw ValidationError("Give the vendor to order from: --vendor NAME.") }
    }

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let order = try await ReorderWorkflow(context: context).order(
            vendor: export.vendor ?? "", location: export.location, reference: reference
        ) { lines, reference in
            try export.write(lines, context: context, output: output, reference: reference)
        }
        output.error(
            "Order \(order.reference): \(Terminal.count(order.ordered.count)) line\(order.ordered.count == 1 ? "" : "s") "
                + "from \(order.vendor) marked ordered.")
    }
}
