import CatalogCore

/// The inventory side of a seed: vendors, which variations are tracked, alert thresholds and counts.
///
/// Its random numbers come from a generator of its own, so the catalog ids, names, codes and prices
/// drawn from `Seeder.ids` stay exactly what they were before inventory was seeded.
struct SeedStock {
    /// How a seed tracks stock.
    enum Mode {
        /// Nothing tracked and no vendors (the empty seed).
        case off
        /// The demo shop: most variations tracked at every location, a few untracked.
        case demo
        /// The benchmark shop: every 5th variation tracked, the rest untracked.
        case synthetic
    }

    /// One variation's inventory fields and the count to seed at each location.
    struct Plan {
        var tracked: Bool
        /// The low-stock alert threshold at each location (empty when untracked).
        var thresholds: [Int64] = []
        /// The IN_STOCK count at each location (empty when untracked).
        var quantities: [Int64] = []
        var vendor: (id: String, code: String, cost: Int64)?
    }

    var mode: Mode = .off
    var random = ObjectIds(seed: 0x57_0C_4B_1A_7E)
    var vendorIds: [String] = []
    var vendorPrefixes: [String] = []
    var locationIds: [String] = []
    /// The vendor of the item whose variations are being planned, as an index into `vendorIds`.
    var itemVendor: Int?
    /// The highest alert threshold a seed draws.
    static let maxThreshold: Int64 = 12
    /// One `location_overrides` entry per location and threshold, built on first use.
    private var overrideTemplates: [[JSONValue]] = []
    private var variationNumber = 0
    private var codeSerial = 0

    /// Picks the vendor most of the next item's variations come from (a few items have none).
    mutating func beginItem() {
        guard !vendorIds.isEmpty else {
            itemVendor = nil
            return
        }
        let draw = random.next()
        itemVendor = draw % 100 < 8 ? nil : Int((draw >> 8) % UInt64(vendorIds.count))
    }

    /// Plans the next variation, priced at `pence` (nil for variable pricing).
    mutating func plan(pence: Int64?) -> Plan {
        variationNumber += 1
        let draw = random.next()
        let tracked: Bool
        switch mode {
        case .off: tracked = false
        case .demo: tracked = draw % 100 >= 7
        case .synthetic: tracked = variationNumber % 5 == 0
        }
        var plan = Plan(tracked: tracked)
        if tracked {
            for _ in locationIds {
                let pick = random.next()
                let threshold = Int64(3 + pick % 10)
                let low = (pick >> 8) % 100 < 15
                let quantity = low ? Int64((pick >> 16) % UInt64(threshold)) : threshold + Int64((pick >> 16) % 45)
                plan.thresholds.append(threshold)
                plan.quantities.append(quantity)
            }
        }
        if let vendor = itemVendor, (draw >> 8) % 100 >= 5 {
            codeSerial += 1
            let base = pence ?? Int64(200 + (draw >> 16) % 800)
            let cost = max(1, base * Int64(45 + (draw >> 24) % 26) / 100)
            plan.vendor = (vendorIds[vendor], "\(vendorPrefixes[vendor])-\(10_000 + codeSerial)", cost)
        }
        return plan
    }

    /// The variation fields `plan` adds: `location_overrides` for tracked variations and `vendor_information`.
    ///
    /// Overrides come from `overrideTemplates` (one per location and threshold), so a large seed builds
    /// each of them once.
    mutating func fields(for plan: Plan) -> [(key: String, value: JSONValue)] {
        var fields: [(key: String, value: JSONValue)] = []
        if plan.tracked {
            if overrideTemplates.isEmpty {
                overrideTemplates = locationIds.map { location in
                    (0...Self.maxThreshold).map { threshold in
                        .object(
                            JSONObject([
                                ("location_id", .string(location)), ("track_inventory", .bool(true)),
                                ("inventory_alert_type", .string("LOW_QUANTITY")),
                                ("inventory_alert_threshold", .int(threshold)),
                            ]))
                    }
                }
            }
            var overrides: [JSONValue] = []
            overrides.reserveCapacity(plan.thresholds.count)
            for (index, threshold) in plan.thresholds.enumerated() {
                overrides.append(overrideTemplates[index][Int(threshold)])
            }
            fields.append(("location_overrides", .array(overrides)))
        }
        if let vendor = plan.vendor {
            let cost = JSONObject([("amount", .int(vendor.cost)), ("currency", .string("GBP"))])
            let information = JSONObject([
                ("vendor_id", .string(vendor.id)), ("vendor_code", .string(vendor.code)),
                ("unit_cost_money", .object(cost)),
            ])
            fields.append(("vendor_information", .array([.object(information)])))
        }
        return fields
    }
}

extension Seeder {
    /// Starts seeding stock in `mode` with `vendors` (name, SKU-style prefix, town); call after the locations.
    mutating func beginStock(_ mode: SeedStock.Mode, vendors: [(name: String, prefix: String, town: String)]) {
        stock.mode = mode
        stock.locationIds = state.locations.compactMap { $0["id"]?.stringValue }
        for (index, vendor) in vendors.enumerated() {
            let id = String(stock.random.catalogId().prefix(16))
            let created = SandboxTime.format(t - Int64(vendors.count - index) * 86_400_000)
            let slug = vendor.name.lowercased().filter { $0.isLetter || $0.isNumber }
            state.addVendor([
                "id": .string(id), "created_at": .string(created), "updated_at": .string(created),
                "name": .string(vendor.name),
                "address": [
                    "address_line_1": .string("\(10 + index * 7) Trade Park"), "locality": .string(vendor.town),
                    "country": "GB",
                ],
                "contacts": [
                    [
                        "id": .string(String(stock.random.catalogId().prefix(16))), "name": "Orders desk",
                        "email_address": .string("orders@\(slug).example"),
                        "phone_number": .string("0113 496 \(String(1000 + index * 37))"), "removed": false,
                        "ordinal": 0,
                    ]
                ],
                "account_number": .string("SBX-\(String(4000 + index))"), "version": 1, "status": "ACTIVE",
            ])
            stock.vendorIds.append(id)
            stock.vendorPrefixes.append(vendor.prefix)
        }
    }

    /// The demo shop's suppliers.
    static let demoVendors: [(name: String, prefix: String, town: String)] = [
        ("Acme Supply", "ACM", "Bradford"), ("Northern Wholesale", "NWH", "Wakefield"),
        ("Dales Fresh Foods", "DFF", "Skipton"), ("Pennine Hardware Co", "PHC", "Halifax"),
    ]

    /// The synthetic shop's suppliers: Acme Supply and 19 more.
    static let syntheticVendors: [(name: String, prefix: String, town: String)] = {
        let names = [
            "Acme Supply", "Northern Wholesale", "Dales Fresh Foods", "Pennine Hardware Co", "Brookside Trading",
            "Calder Cash & Carry", "Humber Imports", "Moorland Paper Goods", "Aire Valley Drinks", "Ridgeway Tools",
            "Kestrel Pet Supplies", "Harrogate Home Goods", "Whitby Wholesale", "Nidd Garden Centre Supply",
            "Ouse Electricals", "Swale Books Distribution", "Wharfe Toys", "Ripon Beauty Supply",
            "Castleford Clothing", "Holme Kitchenware",
        ]
        let towns = ["Leeds", "York", "Hull", "Sheffield", "Bradford"]
        return names.enumerated().map { index, name in
            let prefix = String(name.filter { $0.isUppercase }.prefix(3)) + String(index)
            return (name, prefix, towns[index % towns.count])
        }
    }()
}
