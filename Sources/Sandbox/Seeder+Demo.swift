import CatalogCore

/// One department of the demo shop: its SKU prefix, products, and how its products vary.
private struct Department {
    var name: String
    var code: String
    var kinds: [String]
    var nouns: [String]
    var variations: [String]
    var basePence: Int64
}

private let departments: [Department] = [
    Department(
        name: "Fresh Produce", code: "FP", kinds: ["Organic", "Local", "Loose", "Baby"],
        nouns: ["Apples", "Carrots", "Potatoes", "Onions", "Tomatoes", "Pears", "Leeks"],
        variations: ["500 g", "1 kg"],
        basePence: 95),
    Department(
        name: "Bakery", code: "BK", kinds: ["White", "Wholemeal", "Seeded", "Sourdough"],
        nouns: ["Loaf", "Rolls", "Bagels", "Baps", "Crumpets", "Muffins"], variations: ["Small", "Large"],
        basePence: 120),
    Department(
        name: "Dairy", code: "DY", kinds: ["Whole", "Semi-Skimmed", "Organic", "Lactose-Free"],
        nouns: ["Milk", "Yoghurt", "Butter", "Cream", "Cheddar", "Kefir"], variations: ["Small", "Medium", "Large"],
        basePence: 110),
    Department(
        name: "Pantry", code: "PN", kinds: ["Basmati", "Italian", "Classic", "Value", "Premium"],
        nouns: ["Rice", "Pasta", "Tinned Tomatoes", "Baked Beans", "Porridge Oats"], variations: ["Single", "4 Pack"],
        basePence: 85),
    Department(
        name: "Drinks", code: "DR", kinds: ["Sparkling", "Still", "Orange", "Apple", "Ginger"],
        nouns: ["Water", "Juice", "Cordial", "Ale"], variations: ["330 ml", "750 ml", "1.5 l"], basePence: 70),
    Department(
        name: "Household", code: "HH", kinds: ["Eco", "Lemon", "Lavender", "Unscented"],
        nouns: ["Washing-Up Liquid", "Bin Bags", "Sponges", "Laundry Powder", "Surface Spray", "Candles"],
        variations: ["Regular", "Refill"], basePence: 150),
    Department(
        name: "Hand Tools", code: "HT", kinds: ["Claw", "Club", "Precision", "Heavy-Duty"],
        nouns: ["Hammer", "Screwdriver Set", "Pliers", "Tape Measure", "Spanner", "Saw"], variations: ["Standard"],
        basePence: 650),
    Department(
        name: "Fixings", code: "FX", kinds: ["Wood", "Masonry", "Brass", "Stainless"],
        nouns: ["Screws", "Nails", "Wall Plugs", "Hinges", "Brackets", "Bolts"], variations: ["S", "M", "L", "XL"],
        basePence: 199),
    Department(
        name: "Hardware", code: "HW", kinds: ["Outdoor", "Indoor", "Garden", "Workshop"],
        nouns: ["Extension Lead", "Padlock", "Torch", "Hose Connector", "Work Gloves", "Cable Ties"],
        variations: ["S", "M", "L"], basePence: 399),
    Department(
        name: "Paint & Decorating", code: "PD", kinds: ["Matt", "Silk", "Gloss", "Satin"],
        nouns: ["Emulsion", "Wood Paint", "Masonry Paint", "Primer", "Brush Set"],
        variations: ["White", "Magnolia", "Slate Grey", "Sage"], basePence: 899),
    Department(
        name: "Stationery", code: "ST", kinds: ["Ballpoint", "Gel", "Recycled", "A4", "A5"],
        nouns: ["Pens", "Notebook", "Envelopes", "Sticky Notes", "Folders"], variations: ["Black", "Blue", "Red"],
        basePence: 175),
    Department(name: "Books", code: "BO", kinds: [], nouns: [], variations: [], basePence: 899),
]

private let books: [(title: String, author: String)] = [
    ("The Allotment Year", "R. Hartley"), ("Fix It Yourself", "J. Okafor"), ("Bread at Home", "M. Lindqvist"),
    ("A Shopkeeper's Ledger", "P. Sandhu"),
]

extension Seeder {
    /// The demo shop: about 300 items in 12 categories, 1-4 variations each, with UPC-A, EAN-13 and ISBN-13 codes.
    mutating func addDemoCatalog() {
        let taxId = add("TAX", "tax_data", Self.vat)
        add(
            "TAX", "tax_data",
            [
                "name": "VAT (zero rate)", "percentage": "0.0", "enabled": true,
                "calculation_phase": "TAX_SUBTOTAL_PHASE", "inclusion_type": "INCLUSIVE",
            ])
        var itemNumber = 0
        var serial = 0
        var hardware = ""
        for (departmentIndex, department) in departments.enumerated() {
            let categoryId = addCategory(department.name)
            let taxed = department.basePence > 300 || ["Household", "Stationery", "Drinks"].contains(department.name)
            if department.code == "BO" {
                for (index, book) in books.enumerated() {
                    itemNumber += 1
                    let isbn = Self.gtin(prefix: "9781", serial: 84_000_000 + index * 137, length: 13)
                    addItem(
                        name: book.title, description: "Paperback by \(book.author).", categoryId: categoryId,
                        taxId: nil,
                        variations: [("Paperback", "BO-\(Self.code4(itemNumber))", isbn, 899 + Int64(index) * 100)])
                }
                continue
            }
            for (kindIndex, kind) in department.kinds.enumerated() {
                for (nounIndex, noun) in department.nouns.enumerated() {
                    itemNumber += 1
                    let count = 1 + Int(ids.next() % UInt64(min(4, department.variations.count)))
                    let useUPC = (kindIndex + nounIndex) % 3 == 0
                    var list: [(name: String, sku: String, upc: String, pence: Int64?)] = []
                    var suffixes: [String] = []
                    for variationIndex in 0..<count {
                        serial += 1
                        let name = department.variations[variationIndex]
                        let suffix = Self.skuSuffix(name, taken: suffixes)
                        suffixes.append(suffix)
                        let upc =
                            useUPC
                            ? Self.gtin(prefix: "0", serial: 61_234_500_000 / 10 + serial, length: 12)
                            : Self.gtin(prefix: "50", serial: 1_234_500_000 + serial, length: 13)
                        let pence = department.basePence + Int64(ids.next() % 40) * 10 + Int64(variationIndex) * 50
                        list.append((name, "\(department.code)-\(Self.code4(itemNumber))-\(suffix)", upc, pence))
                    }
                    if department.code == "FX" && nounIndex == 1 && kindIndex == 0 {
                        list.append(
                            (
                                "By weight", "FX-\(Self.code4(itemNumber))-KG",
                                Self.gtin(prefix: "0", serial: 29_000_000 + serial, length: 12), nil
                            ))
                    }
                    addItem(
                        name: "\(kind) \(noun)",
                        description: "\(kind) \(noun.lowercased()) from our "
                            + "\(department.name.lowercased()) range.", categoryId: categoryId,
                        taxId: taxed ? taxId : nil, archived: departmentIndex == 3 && kindIndex == 3 && nounIndex == 4,
                        variations: list)
                }
            }
            if department.code == "HW" { hardware = categoryId }
        }
        addReadmeItems(categoryId: hardware, taxId: taxId)
    }

    /// Where the demo's two locations differ, as real shops' do: books cost a pound more at Market Hall,
    /// the gloss paints are sold at High Street only (item and variations), and the first variation of the
    /// Sourdough Loaf is sold out at Market Hall. No id is drawn, so every object keeps its id.
    mutating func addLocationDifferences() {
        guard state.locations.count == 2, let high = state.locations[0]["id"]?.stringValue,
            let market = state.locations[1]["id"]?.stringValue
        else { return }
        var itemNames: [String: String] = [:]
        for (id, object) in written where object.type == "ITEM" {
            itemNames[id] = object.json["item_data"]?["name"]?.stringValue ?? ""
        }
        func onlyAtHighStreet(_ object: inout JSONValue) {
            object["present_at_all_locations"] = false
            object["present_at_location_ids"] = [.string(high)]
        }
        for id in written.keys.sorted() {
            guard var object = written[id] else { continue }
            let name = itemNames[object.parentId ?? id] ?? ""
            if name.hasPrefix("Gloss ") { onlyAtHighStreet(&object.json) }
            if object.type == "ITEM_VARIATION" {
                let data = object.json["item_variation_data"]
                if data?["sku"]?.stringValue?.hasPrefix("BO-") == true,
                    let pence = data?["price_money"]?["amount"]?.int64Value
                {
                    Self.override(market, in: &object.json) {
                        $0["pricing_type"] = "FIXED_PRICING"
                        $0["price_money"] = ["amount": .int(pence + 100), "currency": "GBP"]
                    }
                }
                if name == "Sourdough Loaf", data?["ordinal"] == .int(1) {
                    Self.override(market, in: &object.json) { $0["sold_out"] = true }
                }
            }
            written[id] = object
        }
    }

    /// Changes the variation's override for `location` (made when it has none), keeping its other members.
    static func override(_ location: String, in variation: inout JSONValue, _ change: (inout JSONValue) -> Void) {
        var list = variation["item_variation_data"]?["location_overrides"]?.arrayValue ?? []
        let index = list.firstIndex { $0["location_id"]?.stringValue == location }
        var entry = index.map { list[$0] } ?? ["location_id": .string(location)]
        change(&entry)
        if let index { list[index] = entry } else { list.append(entry) }
        variation["item_variation_data"]?["location_overrides"] = .array(list)
    }

    /// The items the README's examples name: the Acme Blue Widget family (SKUs AC-WDG-..., the barcodes
    /// 012345678905 and 4006381333931) from Acme Supply, and a hex key set with SKU HW-0142-S.
    /// They are drawn after the generated items, so every other object keeps its id.
    private mutating func addReadmeItems(categoryId: String, taxId: String) {
        addItem(
            name: "Acme Blue Widget", description: "Acme's all-purpose widget, in three sizes.",
            categoryId: categoryId, taxId: taxId, vendor: 0,
            variations: [
                ("Small", "AC-WDG-0040-S", Self.gtin(prefix: "0", serial: 70_000_001, length: 12), 399),
                ("Medium", "AC-WDG-0041-M", "4006381333931", 449),
                ("Large", "AC-WDG-0042-L", "012345678905", 499),
            ])
        addItem(
            name: "Workshop Hex Key Set", description: "Nine metric hex keys in a holder.",
            categoryId: categoryId, taxId: taxId, vendor: 3,
            variations: [("S", "HW-0142-S", Self.gtin(prefix: "0", serial: 70_000_002, length: 12), 650)])
    }

    /// The SKU suffix of a variation called `name`: the first two letters or digits of its name, upper-cased,
    /// and more of them when a sibling already has that suffix (Black BL, Blue BLU), so no two
    /// variations share a SKU.
    static func skuSuffix(_ name: String, taken: [String]) -> String {
        let letters = String(name.uppercased().filter { $0.isLetter || $0.isNumber })
        guard !letters.isEmpty else { return "X" }
        let firstWord = name.split(separator: " ").first.map { String($0.prefix(2)).uppercased() } ?? letters
        if !taken.contains(firstWord) { return firstWord }
        for length in 3...max(3, letters.count) where !taken.contains(String(letters.prefix(length))) {
            return String(letters.prefix(length))
        }
        return letters + String(taken.count)
    }

    static func code4(_ number: Int) -> String {
        let text = String(number)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }
}
