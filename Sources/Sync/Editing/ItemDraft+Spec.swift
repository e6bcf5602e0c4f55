import CatalogCore

extension ItemDraft.Variation {
    /// Reads a variation written as `NAME, price=P, sku=S, gtin=G` (what `--variation` takes).
    ///
    /// Pieces are separated by commas. The first piece is the name unless it is a `key=value` piece
    /// (then the name is `name=...` or `Regular`). Keys: `name`, `price` (an amount, or `variable`), `sku`,
    /// `gtin` (also `upc`, `barcode`); keys ignore case and spaces around `=` and `,` are ignored. A piece without
    /// `=` continues the value before it, so `price=4,99` and `name=Widget, large` keep their commas.
    /// `price` must be given. Prices are read in `currency`.
    public static func parse(spec: String, currency: String) throws(ItemCreationError) -> ItemDraft.Variation {
        func failure(_ reason: String) -> ItemCreationError { .badVariation(spec: spec, reason: reason) }
        var fields: [(key: String, value: String)] = []
        for piece in spec.split(separator: ",", omittingEmptySubsequences: false) {
            if let equals = piece.firstIndex(of: "=") {
                let key = piece[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
                fields.append((key, piece[piece.index(after: equals)...].trimmingCharacters(in: .whitespaces)))
            } else if fields.isEmpty {
                fields.append(("name", piece.trimmingCharacters(in: .whitespaces)))
            } else {
                let joiner = fields[fields.count - 1].key == "name" ? ", " : ","
                fields[fields.count - 1].value += joiner + piece.trimmingCharacters(in: .whitespaces)
            }
        }
        var variation = ItemDraft.Variation(price: nil)
        var seen = Set<String>()
        var priced = false
        for (key, value) in fields {
            let canonical = ["upc": "gtin", "barcode": "gtin"][key] ?? key
            guard seen.insert(canonical).inserted else { throw failure("\(key) is given twice.") }
            guard !value.isEmpty else { throw failure("\(key) has no value.") }
            switch canonical {
            case "name":
                variation.name = value
            case "price":
                priced = true
                if value.lowercased() != "variable" {
                    do {
                        variation.price = try Money.parse(value, currency: currency)
                    } catch {
                        throw failure(error.description)
                    }
                }
            case "sku":
                variation.sku = value
            case "gtin":
                do {
                    variation.gtin = try Barcode(value)
                } catch {
                    throw failure(error.description)
                }
            default:
                throw failure("“\(key)” is not a variation field; use name, price, sku or gtin.")
            }
        }
        guard priced else { throw failure("it has no price; add price=4.99 (or price=variable).") }
        return variation
    }
}
