import ArgumentParser
import CatalogApp
import CommandSupport

/// `catalog reorder clear --vendor V | --all`: take every wanted line (of one vendor) off the list.
struct ReorderClearCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract: "Take every wanted line of a vendor (or, with --all, every wanted line) off the list.",
        discussion: "Ordered lines stay until they are received. Cleared lines stay in reorder history.")

    @OptionGroup var options: GlobalOptions

    @Option(help: ArgumentHelp("Only this vendor's lines (\"No vendor\" for lines without one).", valueName: "name"))
    var vendor: String?

    @Flag(help: "Clear every wanted line.")
    var all = false

    func validate() throws {
        guard (vendor != nil) != all else {
            throw ValidationError("Give --vendor NAME or --all.")
        }
    }

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let removed = try await ReorderWorkflow(context: context).clear(vendor: vendor)
        output.out("Cleared \(Terminal.count(removed)) line\(removed == 1 ? "" : "s") from the list.")
    }
}
