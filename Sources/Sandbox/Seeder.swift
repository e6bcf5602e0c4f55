import CatalogCore

/// Builds the starting account for a `SandboxSeed`. Everything is reproducible: same seed, same ids.
struct Seeder {
    var ids: ObjectIds
    var state = CatalogState()
    var written: [String: StoredObject] = [:]
    let t: Int64

    static func state(for seed: SandboxSeed, nowMs: Int64) -> CatalogState {
        var seeder = Seeder(ids: ObjectIds(seed: 0x5EED_CA7A_1065), t: nowMs)
        switch seed {
        case .none:
            seeder.addLocation("Main Street", line1: "1 Main Street", town: "Leeds")
        case .demo:
            seeder.addLocation("High Street", line1: "14 High Street", town: "Leeds")
            seeder.addLocation("Market Hall", line1: "Unit 7, Kirkgate Market", town: "Leeds")
            seeder.addDemoCatalog()
        case .synthetic(let variations):
            seeder.addLocation("Warehouse", line1: "2 Canal Wharf", town: "Leeds")
            seeder.addSynthetic(variations: max(0, variations))
        }
        seeder.state.commit(seeder.written, t: seeder.t)
        seeder.state.lastT = seeder.t
        return seeder.state
    }

    mutating func addLocation(_ name: String, line1: String, town: String) {
        state.locations.append(
            CatalogState.location(id: ids.locationId(), name: name, createdAt: t, line1: line1, town: town))
    }

    /// Adds an object of `type` with its `<kind>_data` payload; returns its id.
    @discardableResult
    mutating func add(_ type: String, _ key: String, _ data: JSONValue, parent: String? = nil) -> String {
        let id = ids.catalogId()
        var json: JSONValue = ["type": .string(type), "id": .string(id)]
        json[key] = data
        written[id] = CatalogState.stamp(json, type: type, t: t, parentId: parent)
        return id
    }

    mutating func addCategory(_ name: String) -> String {
        add(
            "CATEGORY", "category_data",
            ["name": .string(name), "category_type": "REGULAR_CATEGORY", "is_top_level": true])
    }

    /// Adds an item and its variations; `variations` are (name, sku, upc, pence or nil for variable pricing).
    /// An empty SKU or UPC leaves that field out.
    mutating func addItem(
        name: String, description: String, categoryId: String, taxId: String?, archived: Bool = false,
        variations: [(name: String, sku: String, upc: String, pence: Int64?)]
    ) {
        var data: JSONValue = [
            "name": .string(name), "description": .string(description), "is_taxable": .bool(taxId != nil),
            "categories": [["id": .string(categoryId), "ordinal": 0]],
            "reporting_category": ["id": .string(categoryId)],
            "product_type": "REGULAR", "variations": [],
        ]
        if let taxId { data["tax_ids"] = [.string(taxId)] }
        if archived { data["is_archived"] = true }
        let itemId = add("ITEM", "item_data", data)
        for (ordinal, variation) in variations.enumerated() {
            var variationData: JSONValue = ["item_id": .string(itemId), "name": .string(variation.name)]
            if !variation.sku.isEmpty { variationData["sku"] = .string(variation.sku) }
            if !variation.upc.isEmpty { variationData["upc"] = .string(variation.upc) }
            variationData["ordinal"] = .int(ordinal + 1)
            variationData["pricing_type"] = variation.pence == nil ? "VARIABLE_PRICING" : "FIXED_PRICING"
            variationData["track_inventory"] = true
            variationData["sellable"] = true
            variationData["stockable"] = true
            if let pence = variation.pence {
                variationData["price_money"] = ["amount": .int(pence), "currency": "GBP"]
            }
            let variationId = add("ITEM_VARIATION", "item_variation_data", variationData, parent: itemId)
            for location in state.locations {
                let quantity = Int(ids.next() % 60)
                state.addCount(
                    variationId: variationId, locationId: location["id"]?.stringValue ?? "",
                    quantity: String(quantity), calculatedAt: t)
            }
        }
    }

    /// A valid GTIN of `length` digits (12 = UPC-A, 13 = EAN-13) starting with `prefix`, numbered `serial`.
    static func gtin(prefix: String, serial: Int, length: Int) -> String {
        let body = prefix.compactMap(\.wholeNumberValue)
        var digits = String(serial).compactMap(\.wholeNumberValue)
        let room = length - 1 - body.count
        digits = Array(repeating: 0, count: max(0, room - digits.count)) + digits.suffix(room)
        let all = body + digits
        return all.map(String.init).joined() + String(Barcode.gs1CheckDigit(all))
    }

    static let vat: JSONValue = [
        "name": "VAT", "calculation_phase": "TAX_SUBTOTAL_PHASE", "inclusion_type": "INCLUSIVE",
        "percentage": "20.0", "applies_to_custom_amounts": true, "enabled": true,
    ]
}
