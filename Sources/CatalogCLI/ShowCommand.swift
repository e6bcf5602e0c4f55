import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

/// `catalog show CODE`: one variation by barcode, SKU or id.
struct ShowCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the variation a barcode, SKU or Square id names.",
        discussion: """
            CODE may be any spelling of a barcode (UPC-A with or without its check digit, UPC-E, EAN-13, \
            GTIN-14, ISBN-10 or ISBN-13), a SKU (case, spaces and hyphens ignored), a variation id, or an \
            item id (its first variation). Nothing found: a message on stderr and exit status 1.

            Prices, availability and stock are the counter's location's (--location, else CATALOG_LOCATION \
            or location: in the config, else the shop's only location); the base price and other \
            locations' prices are shown when they differ. With several locations and none chosen, the \
            base price is shown and says so.

            Square's automatic discounts that are running now at the location show as "on sale" with the \
            price after the discount; deals that need more than one unit, a minimum order or a customer \
            group show as "deals" and never change the price. Taxes are listed (inclusive ones are in the \
            price; additive ones are added at the till), and goods sold by weight or named with a net \
            quantity ("500 ml") show a price per unit. --json adds sale, multi_buy, price_with_taxes, \
            taxes and unit_price.
            """
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: "A barcode, SKU, variation id or item id.")
    var code: String

    @Option(help: ArgumentHelp("The location whose price to show (name or id).", valueName: "name"))
    var location: String?

    @Flag(help: "Print each match as one JSON object per line.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let shop = try await ShopLocations.load(location, context: context)
        let reports = try await VariationReport.load(code, shop: shop, context: context)
        let places = Dictionary(shop.all.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        for report in reports {
            if json {
                output.out(report.json)
                continue
            }
            let match = report.variation
            var lines = [Self.text(match, shop: shop, shelf: report.shelf)]
            if let embedded = report.embedded { lines.append("  scale     " + embedded.text) }
            if !report.stock.isEmpty {
                // The counter's own location first, then the others by name.
                let counts = report.stock.map {
                    (here: $0.key == shop.here?.id, name: places[$0.key] ?? $0.key, quantity: $0.value)
                }
                .sorted { ($0.here ? 0 : 1, $0.name) < ($1.here ? 0 : 1, $1.name) }
                .map { "\($0.name) \($0.quantity)" }
                lines.append("  stock     " + counts.joined(separator: ", ") + " (as last read from Square)")
            }
            if let held = report.heldBack {
                lines.append(
                    "  HELD BACK Square's newer copy of \(held.id == match.variationID ? "it" : "its item") could not "
                        + "be stored: \(Terminal.visible(held.reason)) (since \(held.firstSeenAt)). This is the last "
                        + "good copy; fix it in Square and sync.")
            }
            output.out((lines + report.outbox.map(Self.outboxLine)).joined(separator: "\n"))
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

    static func text(_ match: VariationSummary, shop: ShopLocations? = nil, shelf: ShelfPrice? = nil) -> String {
        var lines = [Terminal.visible(match.itemName + (match.variationName.map { " — \($0)" } ?? ""))]
        func add(_ label: String, _ value: String?) {
            if let value {
                lines.append("  " + Terminal.column(label, 10) + Terminal.visible(value))
            }
        }
        let price = match.price?.formatted ?? "variable"
        if let location = match.location {
            add("price", "\(price) at \(location.name)")
        } else if shop?.unset == true {
            add("price", "\(price) (\(ShopLocations.unsetNote))")
        } else {
            add("price", price)
        }
        if let elsewhere = shop?.elsewhere(match), !elsewhere.isEmpty {
            add("prices", elsewhere.map { "\($0.place) \($0.price?.formatted ?? "variable")" }.joined(separator: "; "))
        }
        if let shelf {
            add("on sale", shelf.saleText)
            if !shelf.multiBuy.isEmpty { add("deals", shelf.multiBuy.joined(separator: "; ")) }
            add("unit", shelf.unitPrice()?.formatted)
            if !shelf.taxes.isEmpty {
                let added = shelf.taxes.contains(where: \.isAdditive) ? shelf.priceWithTaxes : nil
                add(
                    "taxes",
                    shelf.taxLines.joined(separator: "; ") + (added.map { "; \($0.formatted) with taxes" } ?? ""))
            }
            for problem in shelf.notUnderstood { add("left off", problem + " (not in the price shown)") }
        }
        add("status", ShopLocations.availability(match))
        add("SKU", match.sku)
        add("barcode", match.upc.map { upc in match.gtin.map { "\(upc) (GTIN-14 \($0))" } ?? upc })
        add("category", match.category)
        add("shelf", match.shelf.map { "\($0) at \(match.location?.name ?? "")" })
        if match.isArchived { add("status", "archived in Square") }
        add("item", match.itemID)
        add("variation", match.variationID)
        return lines.joined(separator: "\n")
    }
}
