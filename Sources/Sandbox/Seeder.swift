import CatalogCore

/// Builds the starting account for a `SandboxSeed`. Everything is reproducible: same seed, same ids.
struct Seeder {
    var ids: ObjectIds
    var state = CatalogState()
    var written: [String: StoredObject] = [:]
    let t: Int64
    /// An empty object as `CatalogState.stamp` writes it at `t`; see `add`.
    var stampTemplate: StoredObject?
    /// Vendors, tracking, thresholds and counts, drawn from their own random numbers.
    var stock = SeedStock()
    /// The merchant id the locations name.
    var merchantID = WebhookSender.merchantID

    /// The seller each seed plays: accounts with different catalogs have different merchant ids, as in
    /// Square, so a database synced from one refuses the other.
    static func merchantID(for seed: SandboxSeed) -> String {
        switch seed {
        case .none: "MSANDBOXEMPTY"
        case .demo: WebhookSender.merchantID
        case .synthetic(let variations): "MSANDBOXS\(variations)"
        }
    }

    static func state(for seed: SandboxSeed, nowMs: Int64) -> CatalogState {
        var seeder = Seeder(ids: ObjectIds(seed: 0x5EED_CA7A_1065), t: nowMs, merchantID: merchantID(for: seed))
        switch seed {
        case .none:
            seeder.addLocation("Main Street", line1: "1 Main Street", town: "Leeds")
        case .demo:
            seeder.addLocation("High Street", line1: "14 High Street", town: "Leeds")
            seeder.addLocation("Market Hall", line1: "Unit 7, Kirkgate Market", town: "Leeds")
            seeder.beginStock(.demo, vendors: Self.demoVendors)
            seeder.addDemoCatalog()
            seeder.addLocationDifferences()
            seeder.addDemoPricing()
        case .synthetic(let variations):
            seeder.addLocation("Warehouse", line1: "2 Canal Wharf", town: "Leeds")
            seeder.beginStock(.synthetic, vendors: Self.syntheticVendors)
            seeder.addSynthetic(variations: max(0, variations))
        }
        seeder.state.commit(seeder.written, t: seeder.t)
        seeder.state.lastT = seeder.t
        return seeder.state
    }

    mutating func addLocation(_ name: String, line1: String, town: String) {
        state.locations.append(
            CatalogState.location(
                id: ids.locationId(), name: name, createdAt: t, line1: line1, town: town, merchantID: merchantID))
    }

    /// Adds an object of `type` with its `<kind>_data` payload; returns its id.
    ///
    /// Every seeded object is written at the same `t`, so the server fields come from one stamped template
    /// (`CatalogState.stamp` of an empty object) instead of formatting the same time once per object.
    @discardableResult
    mutating func add(_ type: String, _ key: String, _ data: JSONValue, parent: String? = nil) -> String {
        let id = ids.catalogId()
        if stampTemplate == nil { stampTemplate = CatalogState.stamp([:], type: type, t: t, parentId: nil) }
        guard var object = stampTemplate, case .object(let stamped) = object.json else { return id }
        var members: [(key: String, value: JSONValue)] = [("type", .string(type)), ("id", .string(id)), (key, data)]
        members.append(contentsOf: stamped.members)
        object.json = .object(JSONObject(members))
        object.type = type
        object.parentId = parent
        written[id] = object
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
        vendor: Int? = nil, unitId: String? = nil, variations: [(name: String, sku: String, upc: String, pence: Int64?)]
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
        stock.beginItem()
        if let vendor, vendor < stock.vendorIds.count { stock.itemVendor = vendor }
        for (ordinal, variation) in variations.enumerated() {
            var fields: [(key: String, value: JSONValue)] = [
                ("item_id", .string(itemId)), ("name", .string(variation.name)),
            ]
            fields.reserveCapacity(12)
            if !variation.sku.isEmpty { fields.append(("sku", .string(variation.sku))) }
            if !variation.upc.isEmpty { fields.append(("upc", .string(variation.upc))) }
            if let unitId { fields.append(("measurement_unit_id", .string(unitId))) }
            fields.append(("ordinal", .int(ordinal + 1)))
            fields.append(("pricing_type", .string(variation.pence == nil ? "VARIABLE_PRICING" : "FIXED_PRICING")))
            let plan = stock.plan(pence: variation.pence)
            fields.append(("track_inventory", .bool(plan.tracked)))
            for flag in ["sellable", "stockable"] { fields.append((flag, .bool(true))) }
            if let pence = variation.pence {
                fields.append(("price_money", ["amount": .int(pence), "currency": "GBP"]))
            }
            fields.append(contentsOf: stock.fields(for: plan))
            let variationId = add(
                "ITEM_VARIATION", "item_variation_data", .object(JSONObject(fields)), parent: itemId)
            for (index, location) in state.locations.enumerated() {
                // The draw the counts once took from `ids` stays, so every later id is unchanged.
                _ = ids.next()
                guard plan.tracked, index < plan.quantities.count else { continue }
                state.addCount(
                    variationId: variationId, locationId: location["id"]?.stringValue ?? "",
                    quantity: String(plan.quantities[index]), calculatedAt: t)
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
