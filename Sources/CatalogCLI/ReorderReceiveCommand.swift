import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Foundation

/// `catalog reorder receive CODE [--qty N]`: stock arrived; add it in Square and close the line.
struct ReorderReceiveCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "receive",
        abstract: "Receive stock: add it to Square's count at the location and book it against the list.",
        discussion: """
            Without --qty, everything still outstanding on the variation's lines is received. The units \
            are booked against its orders (oldest first), then its wanted line; a partial receipt \
            leaves the rest on order. Square gets one inventory adjustment (NONE → IN_STOCK) with an \
            idempotency key, so a retry never counts twice. If Square cannot be reached the receipt is \
            kept in the outbox (exit 75) and sent by the next catalog sync.
            """
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: "A barcode, SKU, variation id, or words from the name.")
    var what: String

    @Option(name: .customLong("qty"), help: ArgumentHelp("How many arrived.", valueName: "n"))
    var quantity: Int?

    @Option(help: ArgumentHelp("The location the stock arrived at (name or id).", valueName: "name"))
    var location: String?

    @Flag(help: "Print the result as one JSON object.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        if let quantity { _ = try ReorderWorkflow.quantity(quantity, field: "--qty") }
        guard
            let receipt = try await ReorderWorkflow(context: context).receive(
                what, quantity: quantity, location: location)
        else { return }
        if json { output.out(ReorderOutput.json(receipt)) } else { output.out(ReorderOutput.text(receipt)) }
        if receipt.queued { throw ExitCode(ExitStatus.tryLater.rawValue) }
    }
}
