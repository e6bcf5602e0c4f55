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
