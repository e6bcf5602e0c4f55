import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

/// `catalog reorder set-qty CODE N`: change how many of a listed variation are wanted.
struct ReorderSetQtyCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-qty", abstract: "Set how many of a listed variation are wanted (0 takes it off).")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "A barcode, SKU, variation id, or words from the name.")
    var what: String

    @Argument(help: "The new quantity.")
    var quantity: Int

    @Flag(help: "Print the line as one JSON object.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let line = try await ReorderWorkflow(context: context).setQuantity(what, to: quantity)
        if json {
            output.out(ReorderOutput.json(line))
        } else {
            output.out(
                quantity == 0 ? "Removed \(line.label) from the list." : "\(line.label): \(quantity) wanted.")
        }
    }
}
