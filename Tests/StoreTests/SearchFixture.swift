import CatalogCore
import Store

/// A small shop's catalog for search tests: several variations per item, SKUs in several styles, every
/// barcode family, accented names, numbered models that must not fuzz, an archived and a deleted item.
enum SearchFixture {
    /// Barcodes on the fixture's variations, and valid ones that are on nothing.
    enum Code {
        /// UPC-A on Blue Widget / Large.
        static let upcA = "036000291452"
        /// A GTIN-14 (indicator 1) of the same product: the case of 24 Blue Widgets.
        static let gtin14 = "10036000291459"
        /// EAN-13 on Notebook A5 / Lined.
        static let ean13 = "4006381333931"
        /// EAN-8 on Spearmint Gum.
        static let ean8 = "96385074"
        /// ISBN-13 of Swift Programming (ISBN-10 0306406152).
        static let isbn13 = "9780306406157"
        /// ISBN-13 of Shop Keeping (ISBN-10 080442957X, with its X check character).
        static let isbn13X = "9780804429573"
        /// EAN-13 on Coca-Cola / 330ml.
        static let cola = "5449000000996"
        /// EAN-13 on the archived Garden Lantern.
        static let archived = "4006381333900"
        /// Valid codes that no variation carries; the first is one digit away from `upcA`.
        static let absent = ["036000291469", "5901234123457", "8712345678906"]
    }

    /// The fixture in a fresh database, applied the way sync applies pages.
    static func database() async throws -> CatalogDatabase {
        let database = try temporaryDatabase()
        _ = try await database.apply(categories + objects)
        _ = try await database.apply([tombstone("I-DELETED", type: "ITEM", version: 20)])
        return database
    }

    static let categories: [JSONValue] = [
        category("C-HW", name: "Hardware", version: 1), category("C-DRINK", name: "Drinks", version: 1),
        category("C-CLOTH", name: "Clothing", version: 1), category("C-FOOD", name: "Deli & Bakery", version: 1),
        category("C-BOOK", name: "Books", version: 1), category("C-GARDEN", name: "Garden", version: 1),
        category("C-HOME", name: "Home", version: 1),
    ]

    /// One fixture item: an id, a name, a category and (variation id, name, SKU, barcode) rows.
    static func shopItem(
        _ id: String, _ name: String, _ categoryID: String?, _ rows: [(String, String, String?, String?)]
    ) -> JSONValue {
        item(
            id, name: name, version: 10, category: categoryID,
            variations: rows.enumerated().map { offset, row in
                variation(
                    row.0, item: id, version: 10, sku: row.2, upc: row.3, price: Int64(100 + offset * 50),
                    ordinal: Int64(offset + 1), name: row.1)
            })
    }

    static var objects: [JSONValue] { hardware + drinks + food + clothing + books + garden + home + hidden }

    static let hardware: [JSONValue] = [
        shopItem(
            "I-BLUE-WIDGET", "Blue Widget", "C-HW",
            [
                ("V-BW-S", "Small", "AC-WDG-0040", nil), ("V-BW-M", "Medium", "AC-WDG-0041", nil),
                ("V-BW-L", "Large", "AC-WDG-0042", Code.upcA),
            ]),
        shopItem(
            "I-BLACK-WIDGET", "Black Widget", "C-HW",
            [("V-KW-S", "Small", "AC-WDG-0050", nil), ("V-KW-L", "Large", "AC-WDG-0051", nil)]),
        shopItem("I-WIDGET", "Widget", "C-HW", [("V-W", "Standard", "WDG-STD", nil)]),
        shopItem("I-WIDGET-CASE", "Blue Widget Case of 24", "C-HW", [("V-WC", "Case", "AC-WDG-C24", Code.gtin14)]),
        shopItem("I-WODGET", "Wodget Toy", "C-HOME", [("V-WOD", "Regular", "TOY-77", nil)]),
        shopItem("I-GADGET", "Gadget", "C-HW", [("V-GAD", "Regular", "AC-GDG-0001", nil)]),
        shopItem("I-PRO-2000", "Widget Pro 2000", "C-HW", [("V-2000", "Regular", "WP-2000", nil)]),
        shopItem("I-PRO-2001", "Widget Pro 2001", "C-HW", [("V-2001", "Regular", "WP-2001", nil)]),
        shopItem("I-HEX", "Hex Key Set", "C-HW", [("V-XYZ123", "Metric", "XYZ-123", nil)]),
        shopItem("I-TORX", "Torx Key Set", "C-HW", [("V-XYZ223", "Metric", "XYZ-223", nil)]),
        shopItem(
            "I-BOLTS", "Hex Bolts", "C-HW",
            [("V-BOLT-S", "M6 x 20", "HW.0142/S", nil), ("V-BOLT-L", "M8 x 40", "HW.0142/L", nil)]),
        shopItem(
            "I-TAPE", "Measuring Tape", "C-HW", [("V-TAPE-5", "5 m", "MT_5", nil), ("V-TAPE-8", "8m", "MT_8", nil)]),
        shopItem(
            "I-BATTERY", "AA Batteries", "C-HW",
            [("V-BAT-4", "4pk", "BAT-AA-4", nil), ("V-BAT-8", "8 pack", "BAT-AA-8", nil)]),
        shopItem("I-BRICKS", "Brick Set 421100", "C-HOME", [("V-BRICKS", "Regular", nil, nil)]),
    ]

    static let drinks: [JSONValue] = [
        shopItem(
            "I-COLA", "Coca-Cola", "C-DRINK",
            [
                ("V-COLA-330", "330ml", "CC-330", Code.cola), ("V-COLA-500", "500 ml", "CC-500", nil),
                ("V-COLA-1500", "1.5l", "CC-1500", nil),
            ]),
        shopItem(
            "I-WATER", "Spring Water", "C-DRINK",
            [("V-WATER-500", "500ml", "SW-500", nil), ("V-WATER-1500", "1,5 l", "SW-1500", nil)]),
        shopItem("I-COCA-TEA", "Coca Leaf and Cola Nut Tea", "C-DRINK", [("V-COCA-TEA", "20 bags", "TEA-CCN", nil)]),
        shopItem("I-GREEN-TEA", "Green Tea", "C-DRINK", [("V-GREEN-TEA", "Regular", "TEA-GRN", nil)]),
        shopItem(
            "I-COFFEE", "Coffee Beans", "C-DRINK",
            [("V-COFFEE-250", "250 grams", "CB-250", nil), ("V-COFFEE-1000", "1 kilo", "CB-1000", nil)]),
        shopItem("I-CIDER", "Æble Cider", "C-DRINK", [("V-CIDER", "Bottle", "CID-1", nil)]),
        shopItem("I-LATTE", "Café Latte", "C-DRINK", [("V-LATTE", "Regular", "CAF-LAT", nil)]),
    ]

    static let food: [JSONValue] = [
        shopItem("I-BRULEE", "Crème Brûlée", "C-FOOD", [("V-BRULEE", "Single", "CB-ONE", nil)]),
        shopItem("I-POPPERS", "Jalapeño Poppers", "C-FOOD", [("V-POPPERS", "Box of 6", "JP-6", nil)]),
        shopItem("I-SALSA", "Jalapeno Salsa", "C-FOOD", [("V-SALSA", "Jar", "JS-1", nil)]),
        shopItem("I-SMORREBROD", "Smørrebrød Platter", "C-FOOD", [("V-SMORREBROD", "Regular", "SMB-1", nil)]),
        shopItem("I-PATE", "Pate Crackers", "C-FOOD", [("V-PATE", "Box", "PC-1", nil)]),
        shopItem("I-GUM", "Spearmint Gum", "C-FOOD", [("V-GUM", "Pack", "GUM-1", Code.ean8)]),
        shopItem("I-CHOCOLATE", "Dark Chocolate", "C-FOOD", [("V-CHOC", "100 g", "DC-100", nil)]),
    ]

    static let clothing: [JSONValue] = [
        shopItem(
            "I-TSHIRT", "T-Shirt", "C-CLOTH",
            [("V-TSHIRT-S", "Small", "TS-S", nil), ("V-TSHIRT-L", "Large", "TS-L", nil)]),
        shopItem("I-TSHIRT-BAG", "Tshirt Bag", "C-CLOTH", [("V-TSHIRT-BAG", "Regular", "TB-1", nil)]),
        shopItem("I-SOCKS", "Wool Socks", "C-CLOTH", [("V-SOCKS", "One size", "WS-1", nil)]),
        shopItem("I-FULLWIDTH", "ＡＢＣ Blocks", "C-HOME", [("V-FULLWIDTH", "Regular", "ABC-1", nil)]),
        shopItem("I-LIGATURE", "Oﬃce Paper", "C-HOME", [("V-LIGATURE", "Ream", "OP-1", nil)]),
    ]

    static let books: [JSONValue] = [
        shopItem("I-SWIFT", "Swift Programming", "C-BOOK", [("V-SWIFT", "Paperback", "BK-SWIFT", Code.isbn13)]),
        shopItem("I-SHOPKEEP", "Shop Keeping", "C-BOOK", [("V-SHOPKEEP", "Hardback", "BK-SHOP", Code.isbn13X)]),
        shopItem("I-MAP", "Straßenkarte Berlin", "C-BOOK", [("V-MAP", "Folded", "MAP-BER", nil)]),
        shopItem(
            "I-NOTEBOOK", "Notebook A5", "C-BOOK",
            [("V-NB-PLAIN", "Plain", "NB-A5-P", nil), ("V-NB-LINED", "Lined", "NB-A5-L", Code.ean13)]),
    ]

    static let garden: [JSONValue] = [
        shopItem("I-HOSE", "Garden Hose", "C-GARDEN", [("V-HOSE", "15 m", "GH-15", nil)]),
        shopItem("I-PLANTER", "Planter", "C-HOME", [("V-PLANTER", "Garden Green", "PL-GG", nil)]),
        shopItem("I-TROWEL", "Trowel", "C-GARDEN", [("V-TROWEL", "Steel", "TR-1", nil)]),
        shopItem("I-RAKE", "Rake", "C-HW", [("V-RAKE", "Wide", "GARDEN-RK-1", nil)]),
        shopItem("I-BAGS", "Trash Bags Lrg", "C-HOME", [("V-BAGS", "Roll of 20", "TBL-20", nil)]),
    ]

    static let home: [JSONValue] = [
        shopItem("I-CANDLE", "Candle", "C-HOME", [("V-CANDLE", "White", "CDL-W", nil)]),
        shopItem("I-CANDLE-HOLDER", "Candle Holder", "C-HOME", [("V-CANDLE-HOLDER", "Brass", "CDL-H", nil)]),
        shopItem("I-CANDLE-SET", "Candle Holder Set", "C-HOME", [("V-CANDLE-SET", "Brass", "CDL-HS", nil)]),
        shopItem("I-WAX", "Wax Block", "C-HOME", [("V-WAX", "Plain", "CANDLE", nil)]),
        shopItem("I-TEALIGHT-B", "Tea Light", "C-HOME", [("V-TEALIGHT-B", "Box", "TL-B", nil)]),
        shopItem("I-TEALIGHT-A", "Tea Light", "C-HOME", [("V-TEALIGHT-A", "Box", "TL-A", nil)]),
        shopItem("I-MUG", "Mug", "C-HOME", [("V-MUG", "Regular", "MUG-1", nil)]),
    ]

    /// An archived item and one that is deleted by a tombstone after it was stored.
    static var hidden: [JSONValue] {
        var archived = shopItem(
            "I-ARCHIVED", "Garden Lantern", "C-GARDEN", [("V-ARCHIVED", "Solar", "ARC-LAN-1", Code.archived)])
        archived["item_data"]?["is_archived"] = true
        let deleted = shopItem("I-DELETED", "Glow Lantern", "C-GARDEN", [("V-DELETED", "Solar", "DEL-LAN-1", nil)])
        return [archived, deleted]
    }

    /// Ids that must never appear in a result.
    static let hiddenItemIDs: Set<String> = ["I-ARCHIVED", "I-DELETED"]
}

extension CatalogDatabase {
    /// The item ids of a search's rows, each once, in order.
    func searchItems(_ text: String, limit: Int = 50) async throws -> [String] {
        var seen: [String] = []
        for hit in try await search(SearchQuery(text), limit: limit).hits where !seen.contains(hit.variation.itemID) {
            seen.append(hit.variation.itemID)
        }
        return seen
    }

    /// The variation ids of a search's rows, in order.
    func searchVariations(_ text: String, limit: Int = 50) async throws -> [String] {
        try await search(SearchQuery(text), limit: limit).hits.map(\.variation.variationID)
    }
}
