import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Foundation
import Store
import Sync

/// `catalog reorder order --vendor V`: send a vendor's wanted lines as an order and mark them ordered.
struct ReorderOrderCommand: AsyncParsableCommand {
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

    func run() async throws {
        try await reportingErrors {
            let settings = try Settings.resolve(options)
            let database = try settings.openDatabase()
            let place = try await CounterLocation.resolve(
                export.location, configured: settings.location, in: database, required: export.location != nil)
            let lines = try ReorderExport.filter(
                try await database.reorderLines(statuses: [.wanted], locationID: place?.id), vendor: export.vendor ?? ""
            )
            guard !lines.isEmpty else {
                throw AppError("Nothing is wanted from \(export.vendor ?? "") right now.", exitCode: .notFound)
            }
            let now = Timestamp.now().rfc3339.filter(\.isNumber)
            let reference = reference ?? "PO-\(now.prefix(8))-\(now.dropFirst(8).prefix(6))"
            var stamped = lines
            for index in stamped.indices { stamped[index].orderReference = reference }
            try export.write(stamped, settings: settings, reference: reference)
            let ordered = try await database.orderReorderLines(
                lines.map { ($0.id, $0.quantity, $0.supply?.vendorID) }, reference: reference, counter: settings.counter
            )
            Terminal.error(
                "Order \(reference): \(Terminal.count(ordered.count)) line\(ordered.count == 1 ? "" : "s") from "
                    + "\(ReorderOutput.vendor(lines[0])) marked ordered.")
        }
    }
}

/// `catalog reorder receive CODE [--qty N]`: stock arrived; add it in Square and close the line.
struct ReorderReceiveCommand: AsyncParsableCommand {
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

    func run() async throws {
        try await reportingErrors {
            let settings = try Settings.resolve(options)
            let database = try settings.openDatabase()
            let variation = try await Lookup.resolve(what, in: database, prompter: TerminalPrompter.ifInteractive)
            guard let place = try await CounterLocation.resolve(location, configured: settings.location, in: database)
            else { return }
            let open = try await database.reorderLines(statuses: [.wanted, .ordered]).filter {
                $0.variationID == variation.variationID
            }
            let outstanding = open.reduce(0) { $0 + $1.outstanding }
            let count: Int
            if let quantity {
                count = try ReorderCommand.quantity(quantity, option: "--qty")
            } else if outstanding > 0 {
                count = outstanding
            } else {
                throw AppError(
                    "\(variation.label) is not on order; say how many arrived with --qty N.",
                    exitCode: .usage)
            }
            let editor = Editor(database: database, client: try settings.makeClient(), counter: settings.counter)
            let result = try await editor.receiveStock(variation: variation, quantity: count, locationID: place.id)
            if json {
                Terminal.out(Self.json(result, count: count, place: place.name))
            } else {
                Terminal.out(
                    Self.text(result, count: count, variation: variation, place: place.name, outstanding: outstanding))
            }
            if case .queued = result.status { throw ExitCode(ExitStatus.tryLater.rawValue) }
        }
    }

    static func text(
        _ result: ReceiveResult, count: Int, variation: VariationSummary, place: String, outstanding: Int
    ) -> String {
        let left = max(0, outstanding - (count - result.receipt.unlisted))
        var parts: [String] = []
        switch result.status {
        case .posted:
            parts.append("Received \(count) × \(variation.label) at \(place)")
            if let stock = result.inStock { parts.append("Square now counts \(stock) in stock") }
        case .queued(let reason):
            parts.append(
                "Queued: \(count) × \(variation.label) received at \(place), not yet in Square "
                    + "(\(reason)); catalog sync sends it (outbox #\(result.receipt.outboxID))")
        }
        parts.append(left > 0 ? "\(left) still on order" : "nothing left on order")
        if result.receipt.unlisted > 0 {
            parts.append("\(result.receipt.unlisted) \(result.receipt.unlisted == 1 ? "was" : "were") not on the list")
        }
        return parts.joined(separator: "; ") + "."
    }

    static func json(_ result: ReceiveResult, count: Int, place: String) -> JSONValue {
        var status: JSONValue = "posted"
        var reason: JSONValue = .null
        if case .queued(let text) = result.status {
            status = "queued"
            reason = .string(text)
        }
        let object: JSONValue = [
            "status": status, "reason": reason, "quantity": .int(Int64(count)), "location": .string(place),
            "in_stock": result.inStock.map(JSONValue.string) ?? .null,
            "outbox_id": .int(result.receipt.outboxID), "unlisted": .int(Int64(result.receipt.unlisted)),
            "lines": .array(
                result.receipt.lines.map {
                    [
                        "line_id": .int($0.lineID), "quantity": .int(Int64($0.quantity)),
                        "completed": .bool($0.completed),
                    ]
                }),
        ]
        return object
    }
}
