import CatalogCore
import GRDB

/// A catalog object Square sent that could not be stored, kept raw with the reason until a later sync
/// stores it; or an object that waits for one (a variation whose item could not be stored).
///
/// The rest of the catalog is stored around it: one bad object never stops a sync, and the counter
/// keeps the last good copy of what it held back (and says so).
public struct SyncProblem: Sendable, Equatable {
    public var id: String
    /// Square's object type (`ITEM`, `ITEM_VARIATION`, ...), or `object` when it has none.
    public var type: String
    public var version: Int64?
    /// Why it could not be stored, in words (for a waiting object: which object it waits for).
    public var reason: String
    /// The object it waits for, when it is held back only because that one could not be stored.
    public var waitsFor: String?
    /// The object as Square sent it.
    public var json: JSONValue
    public var firstSeenAt: String
    public var lastTriedAt: String
    /// How many syncs have tried it.
    public var attempts: Int

    /// The object's name as Square sent it (an item's, a variation's, a category's or a pricing object's),
    /// when it has one.
    public var name: String? {
        let data = [
            "item_data", "item_variation_data", "category_data", "discount_data", "tax_data", "pricing_rule_data",
        ]
        .lazy.compactMap { json[$0] }.first
        return data?["name"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The object for a person: `ITEM 2OD3... “Apple Ale”`, or its type and id when it has no name.
    public var label: String { "\(type) \(id)" + (name.map { " “\($0)”" } ?? "") }

    /// A held-back pricing object as a price's note says it: `discount “Half off” is held back (its
    /// percentage “-20” is not a decimal number from 0 to 100)`.
    public var pricingText: String {
        let kind = type.lowercased().replacingOccurrences(of: "_", with: " ")
        return "\(kind) " + (name.map { "“\($0)”" } ?? id) + " is held back (\(reason))"
    }

    /// What a lookup that is affected by it says (`held_back` in `catalog show --json` and a scan's answer).
    public var heldBackJSON: JSONValue {
        [
            "id": .string(id), "type": .string(type), "name": name.map(JSONValue.string) ?? .null,
            "reason": .string(reason), "since": .string(firstSeenAt),
        ]
    }

    /// What `catalog sync --problems --json` prints for it.
    public var summaryJSON: JSONValue {
        [
            "id": .string(id), "type": .string(type), "version": version.map(JSONValue.int) ?? .null,
            "reason": .string(reason), "waits_for": waitsFor.map(JSONValue.string) ?? .null,
            "first_seen_at": .string(firstSeenAt), "last_tried_at": .string(lastTriedAt),
            "attempts": .int(Int64(attempts)),
        ]
    }
}

extension CatalogDatabase {
    /// Migration v15: objects a sync could not store, kept raw with the reason.
    static let problemsSchema = """
        CREATE TABLE sync_problems (
            id TEXT PRIMARY KEY,
            type TEXT NOT NULL,
            version INTEGER,
            reason TEXT NOT NULL,
            waits_for TEXT,
            json TEXT NOT NULL,
            first_seen_at TEXT NOT NULL,
            last_tried_at TEXT NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 1
        );
        CREATE INDEX sync_problems_waiting ON sync_problems(waits_for) WHERE waits_for IS NOT NULL;
        """

    /// The objects held back, oldest first.
    public func syncProblems() async throws -> [SyncProblem] {
        try await read { db in
            try SyncProblemRecord.order(SyncProblemRecord.Columns.firstSeenAt, SyncProblemRecord.Columns.id)
                .fetchAll(db).map(SyncProblem.init(record:))
        }
    }

    /// Why Square's copy of a variation or its item is held back, when it is (the item's problem first).
    public func heldBack(variationID: String, itemID: String?) async throws -> SyncProblem? {
        try await read { db in try Self.heldBack(variationID: variationID, itemID: itemID, db: db) }
    }

    static func heldBack(variationID: String, itemID: String?, db: Database) throws -> SyncProblem? {
        // The item's problem first.
        let ids = [itemID, variationID].compactMap { $0 }
        let problems = try SyncProblemRecord.fetchAll(
            db.cachedStatement(sql: "SELECT * FROM sync_problems WHERE id IN (\(marks(ids)))"),
            arguments: StatementArguments(ids))
        return try ids.lazy.compactMap { id in problems.first { $0.id == id } }.first.map(SyncProblem.init(record:))
    }

    /// A held-back object whose JSON holds `code` (a SKU, a barcode, an id), for a lookup that found nothing.
    public func heldBack(mentioning code: String) async throws -> SyncProblem? {
        let text = code.trimmingCharacters(in: .whitespaces)
        guard text.count >= 3 else { return nil }
        return try await read { db in
            try SyncProblemRecord.filter(sql: "instr(json, ?) > 0", arguments: ["\"" + text + "\""])
                .order(SyncProblemRecord.Columns.waitsFor != nil).fetchOne(db).map(SyncProblem.init(record:))
        }
    }

    /// Records `object` as held back with `reason`, or updates the record (its newer copy, the reason,
    /// one more attempt); a full pass's sweep must not remove the stored copy, so its ids count as seen.
    static func quarantine(
        _ object: JSONValue, reason: String, waitsFor: String?, markSeen: Bool, at now: String, db: Database
    ) throws -> SyncProblem {
        try quarantine(
            id: object["id"]?.stringValue ?? "(no id)", type: object["type"]?.stringValue ?? "object",
            version: object["version"]?.int64Value, json: object.jsonString,
            nestedIDs: PreparedObject.nestedIDs(of: object), reason: reason, waitsFor: waitsFor, markSeen: markSeen,
            at: now, db: db)
    }

    /// Records a prepared object as held back: the copy Square sent when it cannot be stored, else the
    /// copy that would have been stored (a variation waiting for its item).
    static func quarantine(
        _ prepared: PreparedObject, reason: String, waitsFor: String?, markSeen: Bool, at now: String, db: Database
    ) throws -> SyncProblem {
        if let original = prepared.original {
            return try quarantine(original, reason: reason, waitsFor: waitsFor, markSeen: markSeen, at: now, db: db)
        }
        return try quarantine(
            id: prepared.header?.id ?? "(no id)", type: prepared.header?.type ?? "object",
            version: prepared.header?.version, json: prepared.json, nestedIDs: prepared.nestedIDs, reason: reason,
            waitsFor: waitsFor, markSeen: markSeen, at: now, db: db)
    }

    private static func quarantine(
        id: String, type: String, version: Int64?, json: String, nestedIDs: [String], reason: String,
        waitsFor: String?, markSeen: Bool, at now: String, db: Database
    ) throws -> SyncProblem {
        try db.cachedStatement(
            sql: """
                INSERT INTO sync_problems(id, type, version, reason, waits_for, json, first_seen_at, last_tried_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET type = excluded.type, version = excluded.version,
                    reason = excluded.reason, waits_for = excluded.waits_for, json = excluded.json,
                    last_tried_at = excluded.last_tried_at, attempts = attempts + 1
                """
        ).execute(arguments: [id, type, version, reason, waitsFor, json, now, now])
        if markSeen { try markSeenIDs(id: id, nested: nestedIDs, db: db) }
        guard let record = try SyncProblemRecord.fetchOne(db, key: id) else {
            throw StoreError.database(reason: "the problem record of \(id) was not written")
        }
        return try SyncProblem(record: record)
    }

    /// Whether any object is held back (the fast path of every apply checks this once).
    static func hasProblems(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM sync_problems)")) ?? false
    }

    /// The object `id` is held back (recorded in the problems table).
    static func isHeldBack(_ id: String, db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM sync_problems WHERE id = ?"), arguments: [id]) ?? false
    }

    /// Forgets held-back objects Square no longer has (deleted there, or never returned again), with
    /// the objects waiting for them.
    public func forgetProblems(ids: [String]) async throws {
        try await write { db in
            let statement = try db.makeStatement(sql: "DELETE FROM sync_problems WHERE id = ? OR waits_for = ?")
            for id in ids { try statement.execute(arguments: [id, id]) }
        }
    }
}
