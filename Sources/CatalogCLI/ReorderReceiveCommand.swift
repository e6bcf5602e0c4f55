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
            --labels unit prints a tag for each unit that arrived, --labels case one per case (the case size \
            the shop keeps in Square as a number attribute named "Case size"; one tag for the lot when it has \
            none). The tags are a job in the print queue for this counter's printer (catalog printers route \
            --counter); if it cannot print, the receipt stands and the job is kept to retry.
            """
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: "A barcode, SKU, variation id, or words from the name.")
    var what: String

    @Option(name: .customLong("qty"), help: ArgumentHelp("How many arrived.", valueName: "n"))
    var quantity: Int?

    @Option(help: ArgumentHelp("The location the stock arrived at (name or id).", valueName: "name"))
    var location: String?

    @Option(
        help: ArgumentHelp("Tags for what arrived: unit (one each), case (one per case) or none.", valueName: "kind"))
    var labels: ReceiveLabels = .none

    @Flag(help: "Print the result as one JSON object.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        if let quantity { _ = try ReorderWorkflow.quantity(quantity, field: "--qty") }
        guard
            let receipt = try await ReorderWorkflow(context: context).receive(
                what, quantity: quantity, location: location)
        else { return }
        let tags =
            labels == .none
            ? nil
            : try await labels.print(
                receipt.variation.at(receipt.location), quantity: receipt.quantity, context: context)
        if json {
            var object = ReorderOutput.json(receipt)
            object["labels"] = tags?.json ?? .null
            output.out(object)
        } else {
            output.out(ReorderOutput.text(receipt))
            if let tags { output.out("Tags: " + tags.text(frontEnd: context.frontEnd)) }
        }
        if receipt.queued { throw ExitCode(ExitStatus.tryLater.rawValue) }
    }
}

extension ReceiveLabels: ExpressibleByArgument {}
