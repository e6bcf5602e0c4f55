import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Store

/// `catalog reorder list`: the list grouped by vendor, with totals.
struct ReorderListCommand: AsyncParsableCommand {
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

    func run() async throws {
        try await reportingErrors {
            let statuses = try Self.statuses(status)
            let settings = try Settings.resolve(options)
            let database = try settings.openDatabase()
            let place = try await CounterLocation.resolve(
                location, configured: settings.location, in: database, required: location != nil)
            var lines = try await database.reorderLines(statuses: statuses, locationID: place?.id)
            if let vendor { lines = try ReorderExport.filter(lines, vendor: vendor) }
            if json {
                for line in ReorderOutput.sorted(lines) { Terminal.out(ReorderOutput.json(line)) }
            } else if lines.isEmpty {
                Terminal.out("The reorder list is empty" + (vendor.map { " for \($0)" } ?? "") + ".")
            } else {
                Terminal.out(ReorderOutput.table(lines))
            }
        }
    }

    /// The statuses a `--status` word names.
    static func statuses(_ word: String) throws -> Set<ReorderLine.Status> {
        switch word.lowercased() {
        case "open": return [.wanted, .ordered]
        case "all": return Set(ReorderLine.Status.allCases)
        default:
            guard let status = ReorderLine.Status(rawValue: word.lowercased()) else {
                throw AppError(
                    "--status \(word) is not known: use open, wanted, ordered, received, removed or all.",
                    exitCode: .usage)
            }
            return [status]
        }
    }
}

/// `catalog reorder history [CODE]`: every change to the list, oldest first.
struct ReorderHistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "Show every change to the reorder list: adds, orders, receipts, removals.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "Only this variation (a barcode, SKU, id or name).")
    var what: String?

    @Option(help: ArgumentHelp("Show at most this many of the newest changes.", valueName: "n"))
    var limit = 200

    @Flag(help: "Print one JSON object per change.")
    var json = false

    func validate() throws {
        guard limit > 0 else { throw ValidationError("--limit must be at least 1.") }
    }

    func run() async throws {
        try await reportingErrors {
            let settings = try Settings.resolve(options)
            let database = try settings.openDatabase()
            var events = try await database.reorderEvents()
            if let what {
                let variation = try await Lookup.resolve(what, in: database, prompter: TerminalPrompter.ifInteractive)
                events = events.filter { $0.variationID == variation.variationID }
            }
            events = Array(events.suffix(limit))
            let names = try await database.variations(ids: Array(Set(events.map(\.variationID))))
            for event in events {
                let name = names[event.variationID].map(\.label) ?? event.variationID
                if json {
                    Terminal.out(
                        JSONValue.object([
                            "id": .int(event.id), "at": .string(event.at), "counter": .string(event.counter),
                            "line_id": .int(event.lineID), "variation_id": .string(event.variationID),
                            "item": .string(name), "action": .string(event.action),
                            "quantity": event.quantity.map { .int(Int64($0)) } ?? .null,
                            "detail": event.detail.map(JSONValue.string) ?? .null,
                        ]))
                } else {
                    let quantity = event.quantity.map { " \($0) ×" } ?? ""
                    let detail = event.detail.map { "  (\($0))" } ?? ""
                    Terminal.out(
                        "\(event.at)  \(Terminal.visible(event.counter))  \(event.action)\(quantity) \(Terminal.visible(name))"
                            + Terminal.visible(detail))
                }
            }
            if events.isEmpty && !json { Terminal.out("No changes to the reorder list yet.") }
        }
    }
}
