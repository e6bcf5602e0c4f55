import CatalogCore
import GRDB

extension CatalogDatabase {
    /// Stores what Square answered to a write, the history rows of that write, and outbox changes, in one
    /// transaction: the local copy, the history and the outbox never disagree about whether it happened.
    /// History rows that do not say who asked for the write are the outbox entry's (the device and staff
    /// member it was queued by), else this task's (`WrittenBy.current`).
    public func recordWrite(
        objects: [JSONValue], history: [HistoryEntry], outbox: [OutboxUpdate] = []
    ) async throws {
        let asking = WrittenBy.current
        try await write { db in
            var history = history
            let queued = try outbox.lazy.compactMap { try OutboxRecord.fetchOne(db, key: $0.id)?.writtenBy }.first
            history = history.map { $0.written(by: queued ?? asking) }
            var context = ApplyContext(markSeen: false)
            for object in objects {
                try Self.apply(PreparedObject(object), parentItemID: nil, context: &context, db: db)
            }
            try context.upkeep.finish(cache: self.vocabularyCache, db: db)
            try Self.append(history, db: db)
            for update in outbox { try Self.update(update, at: self.clock.now().rfc3339, db: db) }
        }
    }

    /// The history, newest first: all of it, or the rows about `objectIDs` (objects or their items),
    /// from `since` (RFC 3339) on.
    public func history(objectIDs: [String]? = nil, since: String? = nil, limit: Int = 1000) async throws
        -> [HistoryEntry]
    {
        try await read { db in
            typealias Columns = HistoryRecord.Columns
            var request = HistoryRecord.order(Columns.id.desc).limit(limit)
            if let objectIDs {
                request = request.filter(objectIDs.contains(Columns.objectID) || objectIDs.contains(Columns.itemID))
            }
            if let since { request = request.filter(Columns.at >= since) }
            return try request.fetchAll(db).map(HistoryEntry.init(record:))
        }
    }

    static func append(_ entries: [HistoryEntry], db: Database) throws {
        for entry in entries {
            var record = HistoryRecord(entry)
            record.id = nil
            try record.insert(db)
        }
    }
}
