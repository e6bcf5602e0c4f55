import CatalogCore
import GRDB

extension CatalogDatabase {
    /// Every sync-state key and value (the watermark and an unfinished pass's page state).
    public func syncState() async throws -> [String: String] {
        try await read { db in
            var state: [String: String] = [:]
            for record in try SyncStateRecord.fetchAll(db) { state[record.key] = record.value }
            return state
        }
    }

    /// Sets (or with `nil`, removes) sync-state keys in one transaction.
    public func updateSyncState(_ changes: [String: String?]) async throws {
        try await write { db in try Self.setSyncState(changes, db: db) }
    }

    /// One sync-state value, read inside a transaction; nil when the key is not set.
    static func syncStateValue(_ key: String, db: Database) throws -> String? {
        try String.fetchOne(db.cachedStatement(sql: "SELECT value FROM sync_state WHERE key = ?"), arguments: [key])
    }

    static func setSyncState(_ changes: [String: String?], db: Database) throws {
        for (key, value) in changes {
            if let value {
                try SyncStateRecord(key: key, value: value).upsert(db)
            } else {
                _ = try SyncStateRecord.deleteOne(db, key: key)
            }
        }
    }

    /// Ends a full sync: removes every stored catalog object the pass did not see, then forgets the
    /// seen list. Returns how many objects were removed.
    public func sweepUnseen(syncState: [String: String?] = [:]) async throws -> Int {
        try await write { db in
            let unseen = try String.fetchAll(
                db, sql: "SELECT id FROM catalog_objects WHERE id NOT IN (SELECT id FROM sync_seen)")
            var removed = 0
            var upkeep = SearchUpkeep()
            for id in unseen { removed += try Self.removeObject(id: id, touched: &upkeep.touched, db: db) }
            try upkeep.finish(cache: self.vocabularyCache, db: db)
            try db.execute(sql: "DELETE FROM sync_seen")
            try Self.setSyncState(syncState, db: db)
            return removed
        }
    }

    /// Forgets the ids recorded by an unfinished full sync.
    public func clearSeen() async throws {
        try await write { db in try db.execute(sql: "DELETE FROM sync_seen") }
    }

    /// Replaces the stored locations with `locations` (Square `Location` objects).
    public func replaceLocations(_ locations: [JSONValue]) async throws {
        try await write { db in
            _ = try LocationRecord.deleteAll(db)
            for location in locations {
                guard let id = location["id"]?.stringValue else { continue }
                try LocationRecord(
                    id: id, name: location["name"]?.stringValue ?? "", status: location["status"]?.stringValue,
                    json: location.jsonString
                ).insert(db)
            }
        }
    }

    /// The stored locations (Square `Location` objects), by name.
    public func locations() async throws -> [JSONValue] {
        // A cached statement: the hub reads them for every search.
        try await read { db in
            try LocationRecord.fetchAll(db.cachedStatement(sql: "SELECT * FROM locations ORDER BY name, id"))
                .map { try $0.object() }
        }
    }
}
