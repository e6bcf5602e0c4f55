import CatalogCore
import Foundation
import Store

/// Classifies the rows of a price file against the local database.
struct PricePlanner {
    let database: CatalogDatabase
    let columns: PriceColumns
    /// `--currency`, upper-cased.
    let currency: String?
    /// The location whose own prices are set; nil for base prices.
    let location: CounterLocation?
    private var byGTIN: [String: [VariationSummary]] = [:]
    private var mainCurrency: String?
    /// Location names by id, for the rows whose new base price a location's own price hides.
    private var places: [String: String] = [:]

    init(database: CatalogDatabase, columns: PriceColumns, currency: String?, location: CounterLocation? = nil) {
        self.database = database
        self.columns = columns
        self.currency = currency
        self.location = location
    }

    /// One report row per record that holds a code or a price, duplicates marked.
    mutating func plan(_ records: [CSVRow]) async throws -> [PriceImportRow] {
        mainCurrency = try await database.mainCurrency()
        for place in try await database.locations() {
            if let id = place["id"]?.stringValue { places[id] = place["name"]?.stringValue ?? id }
        }
        let keys = Set(records.flatMap { Barcode.interpretations(of: code(of: $0)).map(\.gtin14) })
        let sortedKeys = keys.sorted()
        for start in stride(from: 0, to: sortedKeys.count, by: 500) {
            let chunk = Array(sortedKeys[start..<min(start + 500, sortedKeys.count)])
            for match in try await database.variations(gtins: chunk) {
                if let gtin = match.gtin { byGTIN[gtin, default: []].append(match) }
            }
        }
        var rows: [PriceImportRow] = []
        for record in records {
            let code = code(of: record)
            let price = record[field: columns.price].trimmingCharacters(in: .whitespacesAndNewlines)
            if code.isEmpty, price.isEmpty { continue }
            rows.append(try await classify(line: record.line, code: code, priceText: price))
        }
        return Self.markDuplicates(rows)
    }

    private func code(of record: CSVRow) -> String {
        record[field: columns.code].trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The variations `code` names: barcode, then SKU, then variation or item id.
    private func resolve(_ code: String) async throws -> (matches: [VariationSummary], by: String) {
        var seen = Set<String>()
        let byBarcode = Barcode.interpretations(of: code).flatMap { byGTIN[$0.gtin14] ?? [] }
            .filter { seen.insert($0.variationID).inserted }
        if !byBarcode.isEmpty { return (byBarcode, "barcode") }
        let bySKU = try await database.variations(sku: code)
        if !bySKU.isEmpty { return (bySKU, "SKU") }
        let byID = try await database.variations(objectID: code)
        if !byID.isEmpty { return (byID, "id") }
        return ([], "")
    }

    private func classify(line: Int, code: String, priceText: String) async throws -> PriceImportRow {
        var row = PriceImportRow(line: line, code: code, priceText: priceText, status: .error)
        guard !code.isEmpty else {
            row.message = "The row has a price but no code."
            return row
        }
        let (matches, kind) = try await resolve(code)
        guard let found = matches.first else {
            row.status = .unknown
            row.message = Self.unknownMessage(code)
            return row
        }
        guard matches.count == 1 else {
            row.status = .ambiguous
            let names = matches.prefix(3).map(\.label).joined(separator: "; ")
            row.message =
                "\(kind) \(code) is on \(matches.count) variations (\(names)\(matches.count > 3 ? "; ..." : "")). "
                + "Use a barcode or the variation id instead."
            return row
        }
        let match = found.at(location)
        row.variationID = match.variationID
        row.itemID = match.itemID
        row.itemName = match.itemName
        row.variationName = match.variationName
        row.oldPrice = match.price
        row.archived = match.isArchived
        if kind == "id", match.variationID != code {
            row.status = .ambiguous
            row.message = "\(code) is an item id. Name the variation by its barcode, SKU or variation id."
            return row
        }
        let currency = currency ?? match.price?.currency ?? match.basePrice?.currency ?? mainCurrency ?? "USD"
        if let current = match.price?.currency ?? match.basePrice?.currency, current != currency {
            row.message = "The variation is priced in \(current), the file's prices are \(currency)."
            return row
        }
        guard !priceText.isEmpty else {
            row.message = "The row has no price."
            return row
        }
        do {
            row.newPrice = try Money.parse(priceText, currency: currency)
        } catch {
            row.message = error.description
            return row
        }
        row.status = row.newPrice == match.price ? .unchanged : .change
        var notes: [String] = []
        if match.isArchived { notes.append("The item is archived in Square; its price is updated all the same.") }
        if location == nil, row.status == .change {
            let hidden = match.terms.overrides.filter { $0.pricing != nil }.map {
                places[$0.locationID] ?? $0.locationID
            }
            if !hidden.isEmpty {
                notes.append(
                    "The new base price does not show at \(hidden.sorted().joined(separator: ", ")), which has its "
                        + "own price (import with --location to change it there).")
            }
        }
        if !notes.isEmpty { row.message = notes.joined(separator: " ") }
        return row
    }

    static func unknownMessage(_ code: String) -> String {
        do {
            _ = try Barcode(code)
        } catch {
            if case .badCheckDigit = error { return error.description + " No SKU or id matches it either." }
        }
        return "No variation has this barcode, SKU or id. If it is new in Square, run catalog sync first."
    }

    /// Marks repeats of a variation: the same price counts once, different prices are errors on every such row.
    static func markDuplicates(_ rows: [PriceImportRow]) -> [PriceImportRow] {
        var rows = rows
        var byVariation: [String: [Int]] = [:]
        for (index, row) in rows.enumerated() where [.change, .unchanged].contains(row.status) {
            // A changed or unchanged row was matched to its variation.
            guard let variationID = row.variationID else { continue }
            byVariation[variationID, default: []].append(index)
        }
        for indices in byVariation.values where indices.count > 1 {
            let prices = Set(indices.compactMap { rows[$0].newPrice })
            if prices.count == 1 {
                for index in indices.dropFirst() {
                    rows[index].status = .duplicate
                    rows[index].message =
                        "The same variation and price are on line \(rows[indices[0]].line); counted once."
                }
                continue
            }
            for index in indices {
                let others = indices.filter { $0 != index }.map {
                    "line \(rows[$0].line) (\(rows[$0].newPrice?.formatted ?? rows[$0].priceText))"
                }
                rows[index].status = .error
                rows[index].message =
                    "The same variation has a different price on \(others.joined(separator: ", ")). "
                    + "Keep one of the rows."
            }
        }
        return rows
    }
}
