import CatalogCore
import GRDB
import Synchronization

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
        "CREATE INDEX catalog_objects_pricing ON catalog_objects(type, version) WHERE \(PricingCatalog.storedCondition);"
    }

    /// The shop's pricing rules, discounts, product sets, time periods, taxes and measurement units, and
    /// its locations' time zones.
    public func pricingCatalog() async throws -> PricingCatalog {
        try await read { db in try self.pricingCatalog(db) }
    }

    /// The pricing objects, read again only when they or the locations changed since the last read: the
    /// counter prices every scan, and parsing every rule each time would cost more than the lookup.
    func pricingCatalog(_ db: Database) throws -> PricingCatalog {
        let stamp = try Self.pricingStamp(db)
        if let cached = pricingCache.catalog(stamp: stamp) { return cached }
        let catalog = try Self.readPricingCatalog(db)
        pricingCache.store(catalog, stamp: stamp)
        return catalog
    }

    /// Counts and versions of the pricing objects, the locations and the pricing objects held back: it changes
    /// whenever one of them does.
    static func pricingStamp(_ db: Database) throws -> String {
        try Row.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT (SELECT COUNT(*) || ':' || IFNULL(MAX(version), 0) || ':' || IFNULL(SUM(version), 0)
                            FROM catalog_objects WHERE \(PricingCatalog.storedCondition))
                        || '/' || (SELECT COUNT(*) || ':' || TOTAL(LENGTH(json)) FROM locations)
                        || '/' || (SELECT COUNT(*) || ':' || IFNULL(MAX(last_tried_at), '') FROM sync_problems
                            WHERE \(PricingCatalog.storedCondition)) AS stamp
                    """)
        )?["stamp"] as String? ?? ""
    }

    static func readPricingCatalog(_ db: Database) throws -> PricingCatalog {
        let objects = try Row.fetchAll(
            db, sql: "SELECT id, json FROM catalog_objects WHERE \(PricingCatalog.storedCondition)"
        ).map { row in try Self.storedJSON(row["json"], id: row["id"]) }
        // In SQL rather than GRDB's query interface, which reads the whole schema on a connection's first
        // request (to tell which tables a request observes): a process that prices once, a search, paid for
        // that on every run.
        let locations = try LocationRecord.fetchAll(db, sql: "SELECT * FROM locations").map { try $0.object() }
        let held = try SyncProblemRecord.fetchAll(
            db, sql: "SELECT * FROM sync_problems WHERE \(PricingCatalog.storedCondition)"
        ).map(SyncProblem.init(record:))
        return PricingCatalog(
            objects: objects, locations: locations,
            heldBack: Dictionary(held.map { ($0.id, $0.pricingText) }) { first, _ in first })
    }

    /// The pricing objects and the facts of `variationIDs`, read together in one transaction.
    public func pricing(for variationIDs: [String]) async throws -> (PricingCatalog, [String: PricingFacts]) {
        try await read { db in
            (try self.pricingCatalog(db), try Self.pricingFacts(variationIDs: variationIDs, db))
        }
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

/// The last pricing catalog read and the stamp (counts and versions of the pricing objects and the
/// locations) it was read under.
final class PricingCache: Sendable {
    private let state = Mutex<(stamp: String, catalog: PricingCatalog?)>(("", nil))

    func catalog(stamp: String) -> PricingCatalog? {
        state.withLock { $0.stamp == stamp ? $0.catalog : nil }
    }

    func store(_ catalog: PricingCatalog, stamp: String) {
        state.withLock { $0 = (stamp, catalog) }
    }
}
