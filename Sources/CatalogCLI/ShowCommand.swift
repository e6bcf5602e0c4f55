import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Store

/// `catalog show CODE`: one variation by barcode, SKU or id.
struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the variation a barcode, SKU or Square id names.",
        discussion: """
            CODE may be any spelling of a barcode (UPC-A with or without its check digit, UPC-E, EAN-13, \
            GTIN-14, ISBN-10 or ISBN-13), a SKU (case, spaces and hyphens ignored), a variation id, or an \
            item id (its first variation). Nothing found: a message on stderr and exit status 1.
            """
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: "A barcode, SKU, variation id or item id.")
    var code: String

    @Flag(help: "Print each match as one JSON object per line.")
    var json = false

    func run() async throws {
        try await reportingErrors {
            let context = try AppContext.live(options)
            let database = try context.openDatabase()
            let matches = try await Lookup.lookUp(code, in: database)
            let waiting = try await database.outboxEntries(statuses: [.pending, .conflict])
            let places = Dictionary(
                try await database.locations().compactMap { location -> (String, String)? in
                    guard let id = location["id"]?.stringValue else { return nil }
                    return (id, location["name"]?.stringValue ?? id)
                }, uniquingKeysWith: { first, _ in first })
            for match in matches {
                let mine = waiting.filter { $0.objectID == match.variationID }
                let stock = try await database.stockCounts(variationID: match.variationID)
                if json {
                    var object = match.json
                    if !stock.isEmpty {
                        object["in_stock"] = .object(
                            JSONObject(stock.sorted { $0.key < $1.key }.map { (key: $0.key, value: .string($0.value)) })
                        )
                    }
                    if !mine.isEmpty { object["outbox"] = .array(mine.map(\.json)) }
                    Terminal.out(object)
                } else {
                    var lines = [Self.text(match)]
                    if !stock.isEmpty {
                        let counts = stock.map { (name: places[$0.key] ?? $0.key, quantity: $0.value) }
                            .sorted { $0.name < $1.name }.map { "\($0.name) \($0.quantity)" }
                        lines.append("  stock     " + counts.joined(separator: ", ") + " (as last read from Square)")
                    }
                    Terminal.out((lines + mine.map(Self.outboxLine)).joined(separator: "\n"))
                }
            }
        }
    }

    /// One line about an edit of this variation that has not reached Square yet.
    static func outboxLine(_ entry: OutboxEntry) -> String {
        let changes = entry.changes.map {
            "\(EditFieldName.display($0.field)) → \(Terminal.visible(EditFieldName.show($0.field, $0.new)))"
        }
        let state = entry.status == .conflict ? "conflict, to decide" : "waiting for Square"
        return "  outbox    #\(entry.id ?? 0) \(state): " + changes.joined(separator: ", ")
    }

    static func text(_ match: VariationSummary) -> String {
        var lines = [Terminal.visible(match.itemName + (match.variationName.map { " — \($0)" } ?? ""))]
        func add(_ label: String, _ value: String?) {
            if let value {
                lines.append("  " + label.padding(toLength: 10, withPad: " ", startingAt: 0) + Terminal.visible(value))
            }
        }
        add("price", match.price?.formatted ?? "variable")
        add("SKU", match.sku)
        add("barcode", match.upc.map { upc in match.gtin.map { "\(upc) (GTIN-14 \($0))" } ?? upc })
        add("category", match.category)
        if match.isArchived { add("status", "archived in Square") }
        add("item", match.itemID)
        add("variation", match.variationID)
        return lines.joined(separator: "\n")
    }
}
