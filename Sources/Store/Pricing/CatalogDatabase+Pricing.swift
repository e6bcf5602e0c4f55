import CatalogCore
import GRDB

extension PricingCatalog {
    /// The catalog object types that decide a shelf price beyond the variation itself; sync asks for them.
    public static let objectTypes = [
        "DISCOUNT", "PRICING_RULE", "PRODUCT_SET", "TIME_PERIOD", "TAX", "MEASUREMENT_UNIT",
    ]

    /// The condition the partial index `catalog_objects_pricing` covers; queries must use it word for word
    /// so SQLite reads the index rather than every stored object.
    static let storedCondition = "type IN (" + objectTypes.map { "'\($0)'" }.joined(separator: ", ") + ")"
}

extension CatalogDatabase {
    /// The migration that indexes the pricing objects, so reading them skips the items and variations.
    static var pricingIndexSchema: String {
        "CREATE INDEX catalog_objects_pricing ON catalog_objects(type) WHERE \(PricingCatalog.storedCondition);"
    }

    /// The shop's pricing rules, discounts, product sets, time periods, taxes and measurement units, and
    /// its locations' time zones.
    public func pricingCatalog() async throws -> PricingCatalog {
        try await read { db in try Self.pricingCatalog(db) }
    }

    static func pricingCatalog(_ db: Database) throws -> PricingCatalog {
        let objects = try Row.fetchAll(
            db, sql: "SELECT id, json FROM catalog_objects WHERE \(PricingCatalog.storedCondition)"
        ).map { row in try Self.storedJSON(row["json"], id: row["id"]) }
        let locations = try String.fetchAll(db, sql: "SELECT json FROM locations").compactMap {
            try? JSONValue.parse($0)
        }
        return PricingCatalog(objects: objects, locations: locations)
    }

    /// What pricing needs to know about each variation (categories, taxes, unit, names), by variation id;
    /// ids that name no stored variation are left out.
    public func pricingFacts(variationIDs: [String]) async throws -> [String: PricingFacts] {
        try await read { db in try Self.pricingFacts(variationIDs: variationIDs, db) }
    }

    static func pricingFacts(variationIDs: [String], _ db: Database) throws -> [String: PricingFacts] {
        let lookup = try db.cachedStatement(sql: "SELECT json FROM catalog_objects WHERE id = ?")
        func object(_ id: String) throws -> JSONValue? {
            try String.fetchOne(lookup, arguments: [id]).map { try Self.storedJSON($0, id: id) }
        }
        var facts: [String: PricingFacts] = [:]
        for id in Set(variationIDs) {
            guard let variation = try object(id), let data = variation["item_variation_data"],
                let itemID = data["item_id"]?.stringValue
            else { continue }
            let item = try object(itemID)?["item_data"] ?? .null
            facts[id] = PricingFacts(
                variationID: id, itemID: itemID, categoryIDs: Self.categoryIDs(item),
                taxIDs: item["tax_ids"]?.arrayValue?.compactMap(\.stringValue) ?? [],
                measurementUnitID: data["measurement_unit_id"]?.stringValue,
                names: [data["name"]?.stringValue, item["name"]?.stringValue].compactMap { $0 })
        }
        return facts
    }

    /// Every category an item names: its reporting category, its categories, and the older `category_id`.
    public static func categoryIDs(_ item: JSONValue) -> [String] {
        var ids = (item["categories"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
        for id in [item["reporting_category"]?["id"]?.stringValue, item["category_id"]?.stringValue] {
            if let id, !ids.contains(id) { ids.append(id) }
        }
        return ids
    }
}
