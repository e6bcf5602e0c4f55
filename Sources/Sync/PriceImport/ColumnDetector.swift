import CatalogCore
import Foundation

/// Finds the code and price columns of a price file: by option, by header, then by content.
public enum ColumnDetector {
    /// Header words for code columns, most specific kind first.
    static let codeHeaders: [[String]] = [
        [
            "gtin", "upc", "ean", "barcode", "bar code", "ean13", "ean 13", "upc a", "gtin 14", "gtin 13", "isbn",
            "ean code", "upc code", "barcode number",
        ],
        ["sku", "sku code", "article", "article number", "art nr", "artikelnummer", "item sku"],
        ["variation id", "variation token", "square id", "object id", "catalog object id", "id", "token"],
        ["code", "item code", "product code", "reference", "ref"],
    ]
    /// Header words for price columns, the most likely to be the new price first.
    static let priceHeaders: [[String]] = [
        ["new price", "new retail", "new retail price", "new sell price"],
        [
            "price", "sell price", "selling price", "sale price", "retail", "retail price", "unit price", "rrp",
            "msrp", "price money", "preis", "prix", "precio",
        ],
        ["amount"],
    ]

    /// The columns of `rows`; options win over headers, headers over content.
    public static func detect(
        _ rows: [CSVRow], code codeOption: ColumnChoice? = nil, price priceOption: ColumnChoice? = nil
    ) throws(PriceImportError) -> PriceColumns {
        guard let first = rows.first else { throw .empty }
        let headers = first.fields.map { $0.trimmingCharacters(in: .whitespaces) }
        let width = rows.prefix(200).map(\.fields.count).max() ?? 0
        var hasHeader: Bool?

        func pick(_ choice: ColumnChoice, option: String) throws(PriceImportError) -> Int {
            let index = try column(choice, option: option, headers: headers, width: width)
            if case .header = choice { hasHeader = true }
            return index
        }
        var code = try codeOption.map { choice throws(PriceImportError) in
            (try pick(choice, option: "--code-column"), PriceColumns.Basis.option)
        }
        var price = try priceOption.map { choice throws(PriceImportError) in
            (try pick(choice, option: "--price-column"), PriceColumns.Basis.option)
        }
        let codeByHeader = match(headers, codeHeaders, excluding: price?.0)
        let priceByHeader = match(headers, priceHeaders, excluding: code?.0 ?? codeByHeader)
        if codeByHeader != nil || priceByHeader != nil { hasHeader = true }
        if code == nil, let index = codeByHeader { code = (index, .header) }
        if price == nil, let index = priceByHeader { price = (index, .header) }

        let sample = Array((rows.count > 1 ? rows.dropFirst() : rows[...]).prefix(500))
        let profiles = (0..<width).map { column in ColumnProfile(sample.map { $0[field: column] }) }
        if code == nil, let index = contentCode(profiles, excluding: price?.0) { code = (index, .content) }
        guard let code else { throw .noCodeColumn(headers: headers) }
        if price == nil {
            if let index = try contentPrice(profiles, excluding: code.0, headers: headers) {
                price = (index, .content)
            }
        }
        guard let price else { throw .noPriceColumn(headers: headers) }
        if hasHeader == nil {
            // No known header: the first row is a header when it does not read like the rows under it.
            let firstPrice = ColumnProfile.looksLikePrice(first[field: price.0])
            let firstCode = profiles[code.0].barcodes == 0 || ColumnProfile.looksLikeBarcode(first[field: code.0])
            hasHeader = rows.count > 1 && (!firstPrice || !firstCode)
        }
        return PriceColumns(
            code: code.0, price: price.0, hasHeader: hasHeader ?? false, codeBasis: code.1, priceBasis: price.1,
            headers: headers)
    }

    /// The 0-based column `choice` names among `headers` (the first row) in rows `width` fields wide.
    static func column(_ choice: ColumnChoice, option: String, headers: [String], width: Int)
        throws(PriceImportError) -> Int
    {
        switch choice {
        case .number(let number):
            guard number <= width else { throw .noSuchColumn(option: option, value: String(number), headers: headers) }
            return number - 1
        case .header(let name):
            guard let index = headers.firstIndex(where: { normalized($0) == normalized(name) }) else {
                throw .noSuchColumn(option: option, value: name, headers: headers)
            }
            return index
        }
    }

    /// The columns of a file of codes and text (a shelf file's places): the code column as `detect` finds it
    /// (by option, header or content), the text column by `textOption` or by a header in `textHeaders` only
    /// (nil when neither names one: free text has no look of its own). The file has a header row when a
    /// column was found by its header.
    public static func detectText(
        _ rows: [CSVRow], code codeOption: ColumnChoice?, text textOption: ColumnChoice?, textHeaders: [String],
        textOptionName: String
    ) throws(PriceImportError) -> (code: Int, text: Int?, hasHeader: Bool, headers: [String]) {
        guard let first = rows.first else { throw .empty }
        let headers = first.fields.map { $0.trimmingCharacters(in: .whitespaces) }
        let width = rows.prefix(200).map(\.fields.count).max() ?? 0
        var hasHeader = false
        var text: Int?
        if let textOption {
            text = try column(textOption, option: textOptionName, headers: headers, width: width)
            if case .header = textOption { hasHeader = true }
        } else if let index = match(headers, [textHeaders], excluding: nil) {
            text = index
            hasHeader = true
        }
        var code: Int?
        if let codeOption {
            code = try column(codeOption, option: "--code-column", headers: headers, width: width)
            if case .header = codeOption { hasHeader = true }
        } else if let index = match(headers, codeHeaders, excluding: text) {
            code = index
            hasHeader = true
        } else {
            let sample = Array((rows.count > 1 ? rows.dropFirst() : rows[...]).prefix(500))
            let profiles = (0..<width).map { column in ColumnProfile(sample.map { $0[field: column] }) }
            code = contentCode(profiles, excluding: text)
        }
        guard let code else { throw .noCodeColumn(headers: headers) }
        return (code, text, hasHeader, headers)
    }

    /// A header as compared: lower case, punctuation as spaces, words single-spaced, no `(USD)` or `:`.
    static func normalized(_ header: String) -> String {
        var text = header.lowercased()
        if let open = text.firstIndex(of: "("), open != text.startIndex { text = String(text[..<open]) }
        let spaced = text.map { "_-.:#/".contains($0) ? " " : $0 }
        return String(spaced).split(separator: " ").joined(separator: " ")
    }

    /// The first column whose header is in the earliest group of `names` that matches any column.
    static func match(_ headers: [String], _ names: [[String]], excluding: Int?) -> Int? {
        let keys = headers.map(normalized)
        for group in names {
            if let index = keys.indices.first(where: { $0 != excluding && group.contains(keys[$0]) }) {
                return index
            }
        }
        return nil
    }

    /// The column most of whose values are barcodes, else SKU-like codes.
    static func contentCode(_ profiles: [ColumnProfile], excluding: Int?) -> Int? {
        var best: (index: Int, score: Double)?
        for (index, profile) in profiles.enumerated() where index != excluding && profile.filled > 0 {
            let barcodes = profile.fraction(profile.barcodes)
            let codes = profile.fraction(profile.codes)
            let decimals = profile.fraction(profile.decimals)
            let score: Double
            if barcodes >= 0.6 {
                score = 2 + barcodes
            } else if codes >= 0.8, decimals < 0.5 {
                score = codes + (profile.fraction(profile.lettered) > 0.5 ? 0.5 : 0)
            } else {
                continue
            }
            if best.map({ score > $0.score }) ?? true { best = (index, score) }
        }
        return best?.index
    }

    /// The column most of whose values are prices, preferring values written with decimals.
    static func contentPrice(_ profiles: [ColumnProfile], excluding: Int, headers: [String])
        throws(PriceImportError) -> Int?
    {
        var scored: [(index: Int, score: Double)] = []
        for (index, profile) in profiles.enumerated() where index != excluding && profile.filled > 0 {
            let prices = profile.fraction(profile.prices)
            guard prices >= 0.6 else { continue }
            scored.append((index, prices + profile.fraction(profile.decimals) - profile.fraction(profile.barcodes)))
        }
        scored.sort { $0.score > $1.score }
        guard let top = scored.first else { return nil }
        let tied = scored.filter { $0.score >= top.score - 0.05 }
        if tied.count > 1, top.score > 1.5 {
            throw .severalPriceColumns(
                candidates: tied.map { $0.index < headers.count ? headers[$0.index] : "column \($0.index + 1)" })
        }
        return top.index
    }
}
