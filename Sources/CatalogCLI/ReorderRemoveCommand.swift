import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

/// `catalog reorder remove CODE`: take a variation off the list (kept in its history).
struct ReorderRemoveCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Take a variation off the reorder list (its history keeps it).")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "A barcode, SKU, variation id, or words from the name.")
    var what: String

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let variation = try await ReorderWorkflow(context: context).remove(what)
        output.out("Removed \(variation.label) from the list.")
    }
}
