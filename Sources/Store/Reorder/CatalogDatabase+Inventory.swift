import CatalogCore
import Foundation
import GRDB

/// An IN_STOCK count as Square reported it.
public struct StockCount: Sendable, Equatable {
    public var variationID: String
    public var locationID: String
    /// The quantity exactly as Square writes it (a decimal string).
    public var quantity: String
    public var calculatedAt: String?

    public init(variationID: String, locationID: String, quantity: String, calculatedAt: String?) {
        self.variationID = variationID
        self.locationID = locationID
        self.quantity = quantity
        self.calculatedAt = calculatedAt
    }
}

/// Whether a variation's stock is tracked at a location, and when Square calls it low.
public struct StockRule: Sendable, Equatable {
    public var variationID: String
    /// The LOW_QUANTITY alert threshold at the location; `nil` when no low-stock alert is set there.
    public var threshold: Int64?
}

extension CatalogDatabase {
    /// Stores IN_STOCK counts read from Square, replacing older ones for the same variation and location.
    public func saveStockCounts(_ counts: [StockCount]) async throws {
        let now = clock.now().rfc3339
        try await write { db in try Self.saveStockCounts(counts, at: now, db: db) }
    }

    /// Stores IN_STOCK counts inside a caller's transaction.
    static func saveStockCounts(_ counts: [StockCount], at now: String, db: Database) throws {
        // Written as SQL: GRDB's upsert asks for the rowid back, and this table has none (WITHOUT ROWID).
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO inventory_counts(variation_id, location_id, quantity, calculated_at, fetched_at)
                VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(variation_id, location_id) DO UPDATE SET quantity = excluded.quantity,
                    calculated_at = excluded.calculated_at, fetched_at = excluded.fetched_at
                """)
        for count in counts {
            try statement.execute(arguments: [
                count.variationID, count.locationID, count.quantity, count.calculatedAt, now,
            ])
        }
    }

    /// The IN_STOCK counts last read from Square for one variation, by location id.
    public func stockCounts(variationID: String) async throws -> [String: String] {
        try await read { db in try Self.stockCounts(variationID: variationID, db: db) }
    }

    /// The IN_STOCK counts last read from Square at one location for several variations, by variation id
    /// (those never read are left out).
    public func stockCounts(variationIDs: [String], locationID: String) async throws -> [String: String] {
        guard !variationIDs.isEmpty else { return [:] }
        return try await read { db in
            // A cached statement: the hub reads them for every search's hits.
            let records = try InventoryCountRecord.fetchAll(
                db.cachedStatement(
                    sql: "SELECT * FROM inventory_counts WHERE location_id = ? "
                        + "AND variation_id IN (\(Self.marks(variationIDs)))"),
                arguments: StatementArguments([locationID] + variationIDs))
            return Dictionary(records.map { ($0.variationID, $0.quantity) }) { first, _ in first }
        }
    }

    static func stockCounts(variationID: String, db: Database) throws -> [String: String] {
        var counts: [String: String] = [:]
        for count in try InventoryCountRecord.filter(InventoryCountRecord.Columns.variationID == variationID).fetchAll(
            db)
        {
            counts[count.locationID] = count.quantity
        }
        return counts
    }

    /// What a counter shows beside a found variation, read together: its stock counts (`stockCounts`), when
    /// Square calculated each, and why Square's copy of it or its item is held back, if it is (`heldBack`).
    /// A scan reads both.
    public func variationStatus(variationID: String, itemID: String) async throws -> VariationStatus {
        try await read { db in
            // Cached statements: every scan asks, and preparing a statement costs more than running it.
            let records = try InventoryCountRecord.fetchAll(
                db.cachedStatement(sql: "SELECT * FROM inventory_counts WHERE variation_id = ?"),
                arguments: [variationID])
            return VariationStatus(
                stock: Dictionary(records.map { ($0.locationID, $0.quantity) }) { first, _ in first },
                asOf: Dictionary(records.compactMap { record in record.calculatedAt.map { (record.locationID, $0) } }) {
                    first, _ in first
                },
                heldBack: try Self.heldBack(variationID: variationID, itemID: itemID, db: db))
        }
    }

    /// Every variation of a live item whose stock is tracked at `locationID`, with its low-stock threshold
    /// there. A location override's `track_inventory` wins over the variation's own; a variation not sold
    /// at the location (it or its item absent there, `LocationTerms.isSold`) is left out.
    public func stockRules(locationID: String) async throws -> [StockRule] {
        try await read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT v.id, v.item_id, json_extract(o.json, '$.item_variation_data.track_inventory') AS tracked,
                        i.locations AS item_locations, v.locations AS variation_locations
                    FROM variations v
                    JOIN items i ON i.id = v.item_id AND i.is_archived = 0
                    JOIN catalog_objects o ON o.id = v.id
                    ORDER BY v.id
                    """)
            var rules: [StockRule] = []
            for row in rows {
                let terms = try LocationTerms.stored(
                    item: row["item_locations"], variation: row["variation_locations"], itemID: row["item_id"],
                    variationID: row["id"])
                guard terms.isSold(at: locationID) else { continue }
                guard terms.tracksInventory(at: locationID, variationTracks: (row["tracked"] as Int64?) ?? 0 != 0)
                else { continue }
                rules.append(
                    StockRule(variationID: row["id"], threshold: terms.override(at: locationID)?.lowStockThreshold))
            }
            return rules
        }
    }
}

extension CatalogDatabase {
    /// Whether Square tracks the stock of each of `variationIDs` at `locationID` (`LocationTerms`' rule);
    /// a variation the replica does not hold is left out.
    public func inventoryTracking(variationIDs: [String], locationID: String) async throws -> [String: Bool] {
        try await read { db in
            let statement = try db.makeStatement(
                sql: """
                    SELECT v.item_id, json_extract(o.json, '$.item_variation_data.track_inventory') AS tracked,
                        i.locations AS item_locations, v.locations AS variation_locations
                    FROM variations v JOIN items i ON i.id = v.item_id JOIN catalog_objects o ON o.id = v.id
                    WHERE v.id = ?
                    """)
            var tracking: [String: Bool] = [:]
            for id in variationIDs {
                guard let row = try Row.fetchOne(statement, arguments: [id]) else { continue }
                let terms = try LocationTerms.stored(
                    item: row["item_locations"], variation: row["variation_locations"], itemID: row["item_id"],
                    variationID: id)
                tracking[id] = terms.tracksInventory(
                    at: locationID, variationTracks: (row["tracked"] as Int64?) ?? 0 != 0)
            }
            return tracking
        }
    }
}

extension CatalogDatabase {
    /// Stores vendors as Square's Vendors API returns them.
    public func saveVendors(_ vendors: [JSONValue]) async throws {
        try await write { db in
            for vendor in vendors {
                guard let id = vendor["id"]?.stringValue else { continue }
                try VendorRecord(
                    id: id, name: vendor["name"]?.stringValue ?? id, status: vendor["status"]?.stringValue,
                    json: vendor.jsonString
                ).upsert(db)
            }
        }
    }

    /// Vendor names by id, as last stored.
    public func vendorNames() async throws -> [String: String] {
        try await read { db in try Self.vendorNames(db) }
    }

    /// Every vendor id the catalog's variations name in their `vendor_information`.
    public func referencedVendorIDs() async throws -> Set<String> {
        try await read { db in
            Set(
                try String.fetchAll(
                    db,
                    sql: """
                        SELECT DISTINCT json_extract(vi.value, '$.vendor_id') FROM catalog_objects o,
                            json_each(o.json, '$.item_variation_data.vendor_information') vi
                        WHERE o.type = 'ITEM_VARIATION' AND json_extract(vi.value, '$.vendor_id') IS NOT NULL
                        """))
        }
    }

    static func vendorNames(_ db: Database) throws -> [String: String] {
        var names: [String: String] = [:]
        for vendor in try VendorRecord.fetchAll(db) { names[vendor.id] = vendor.name }
        return names
    }
}

/// A variation's stock counts by location id, when Square calculated each, and its held-back problem, as
/// `variationStatus` reads them.
public struct VariationStatus: Sendable {
    public var stock: [String: String]
    /// Square's `calculated_at` of each count, by location id, when it said.
    public var asOf: [String: String] = [:]
    public var heldBack: SyncProblem?

    /// The stock a counter shows at each location it has a count for, by the one rule: the quantity, as of
    /// when, and whether it is low (at or below the variation's LOW_QUANTITY threshold there, per
    /// `variation`'s location terms).
    public func figures(of variation: VariationSummary) -> [StockFigure] {
        stock.keys.sorted().map { location in
            let threshold = variation.terms.override(at: location)?.lowStockThreshold
            let quantity = stock[location] ?? "0"
            let low = threshold.map { limit in (Decimal(string: quantity) ?? 0) <= Decimal(limit) } ?? false
            return StockFigure(
                locationID: location, quantity: quantity, asOf: asOf[location], threshold: threshold, isLow: low)
        }
    }
}

/// One location's stock of a variation as a counter shows it.
public struct StockFigure: Sendable, Equatable {
    public var locationID: String
    /// Square's IN_STOCK quantity, as Square writes it.
    public var quantity: String
    /// When Square calculated it, RFC 3339; nil when not known.
    public var asOf: String?
    /// The LOW_QUANTITY alert threshold there, when set.
    public var threshold: Int64?
    /// At or below the threshold.
    public var isLow: Bool

    /// `{"location_id", "quantity", "as_of", "threshold", "low"}`.
    public var json: JSONValue {
        [
            "location_id": .string(locationID), "quantity": .string(quantity),
            "as_of": asOf.map(JSONValue.string) ?? .null, "threshold": threshold.map(JSONValue.int) ?? .null,
            "low": .bool(isLow),
        ]
    }
}
