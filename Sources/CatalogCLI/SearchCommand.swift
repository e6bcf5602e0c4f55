import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Foundation

/// `catalog search WORDS...`: find items from a few letters, a typo, a SKU or a barcode.
struct SearchCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find items by words, a SKU or a barcode, best match first.",
        discussion: """
            A barcode in any spelling (UPC-A, EAN-8/13, GTIN-14, ISBN-10/13, spaces and dashes allowed) is \
            looked up exactly. Something shaped like a SKU (AC-WDG-0042, hw.0142) is looked up exactly, \
            then by prefix; case, hyphens, spaces and slashes do not matter. Anything else is searched as \
            words: the last word may be the start of a longer one, words of 4 to 7 letters may carry one \
            typo and longer ones two, numbers must match exactly, and the shop's synonyms count \
            (catalog synonyms). If no item has every word, fragments inside words are tried, then \
            the same words with unmatched ones left out. One letter lists the items starting with it.
            Results are grouped by item: the best matching variation first, then its siblings. Archived \
            items are never shown. Nothing found: a message on stderr and exit status 1 ([] with --json).
            Prices are the counter's location's (--location, CATALOG_LOCATION or location: in the config); \
            variations not sold there come after the others, marked "not sold here", and --here leaves \
            them out.
            Start a query that begins with a dash after --: catalog search -- -42.
            """
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: "What to look for: words, a SKU or a barcode.")
    var query: [String] = []

    @Option(help: "Show at most this many rows (variations).")
    var limit = ShopSearch.defaultLimit

    @Option(help: ArgumentHelp("The location whose prices to show (name or id).", valueName: "name"))
    var location: String?

    @Flag(help: "Show only variations sold at the counter's location.")
    var here = false

    @Flag(help: "Print the results as one JSON array.")
    var json = false

    func validate() throws {
        let most = ShopSearch.maximumLimit
        guard (1...most).contains(limit) else { throw ValidationError("--limit must be between 1 and \(most).") }
    }

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let text = query.joined(separator: " ")
        let parsed = SearchQuery(text)
        guard !parsed.isEmpty else {
            throw AppError(
                "Nothing to search for: give a word, a SKU or a barcode, e.g. catalog search blue widget.",
                exitCode: .usage)
        }
        let shop = try await ShopLocations.load(location, context: context)
        if here, shop.here == nil {
            throw AppError(
                "--here needs the counter's location: give --location NAME or set CATALOG_LOCATION.",
                exitCode: .usage)
        }
        let found = try await ShopSearch.run(parsed, limit: limit, onlyHere: here, shop: shop, context: context)
        let outcome = found.outcome
        if json {
            output.out(found.json)
        } else if !outcome.hits.isEmpty {
            for line in Self.table(outcome.hits, priceShown: found.priceShown, width: output.columns) {
                output.out(line)
            }
        }
        if !outcome.droppedWords.isEmpty, !outcome.hits.isEmpty {
            output.error("No item has every word; left out: " + outcome.droppedWords.joined(separator: ", "))
        }
        if let failure = found.nothingFound(parsed, at: shop.here, frontEnd: context.frontEnd) { throw failure }
    }

    /// The results as a table: item, variation, SKU, GTIN, price (a running Square sale's price, marked),
    /// category. An item's name is printed on its first row only. Columns shrink to fit `width` when it is
    /// known.
    static func table(_ hits: [SearchHit], priceShown price: (VariationSummary) -> String, width: Int?) -> [String] {
        let header = ["ITEM", "VARIATION", "SKU", "GTIN", "PRICE", "CATEGORY"]
        var rows: [[String]] = []
        var previousItem: String?
        for hit in hits {
            let variation = hit.variation
            let gtin = variation.gtin.flatMap { try? Barcode($0).description } ?? variation.upc ?? ""
            rows.append(
                [
                    variation.itemID == previousItem ? "" : variation.itemName, variation.variationName ?? "",
                    variation.sku ?? "", gtin, price(variation), variation.category ?? "",
                ].map(Terminal.visible))
            previousItem = variation.itemID
        }
        // The widest text columns (item, variation, category) shrink until the table fits; the price is
        // right-aligned.
        return TextTable.lines(header: header, rows: rows, rightAligned: [4], shrinking: [0, 1, 5], width: width)
    }
}

/// Rows of cells as aligned columns, two spaces apart, for a terminal.
enum TextTable {
    /// The header and the rows, each column as wide as its widest cell; the columns in `rightAligned` are
    /// padded on the left. When `width` is known, the `shrinking` columns give up characters (the widest
    /// first, down to 8) until the table fits, and a cut cell ends in "…".
    static func lines(
        header: [String], rows: [[String]], rightAligned: Set<Int> = [], shrinking: [Int] = [], width: Int? = nil
    ) -> [String] {
        var widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        if let width, !shrinking.isEmpty {
            while widths.reduce(0, +) + 2 * (widths.count - 1) > width,
                let column = shrinking.max(by: { widths[$0] < widths[$1] }), widths[column] > 8
            {
                widths[column] -= 1
            }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let fitted = cell.count > widths[column] ? String(cell.prefix(widths[column] - 1)) + "…" : cell
                let pad = String(repeating: " ", count: max(0, widths[column] - fitted.count))
                return rightAligned.contains(column) ? pad + fitted : fitted + pad
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
        return [line(header)] + rows.map(line)
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
