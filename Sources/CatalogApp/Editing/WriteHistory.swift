import CatalogCore
import Store

/// The changes this tool wrote to Square, as `catalog history` and the hub's back office show them.
public enum WriteHistory {
    /// `entries(code:since:limit:database:)` over the context's database.
    public static func entries(code: String?, since: String?, limit: Int, context: AppContext) async throws
        -> [HistoryEntry]
    {
        try await entries(code: code, since: since, limit: limit, database: try context.openDatabase())
    }

    /// The newest changes first, at most `limit` (1 or more), of the variation `code` names and its item
    /// when given, from `since` (a day or an RFC 3339 time) on when given.
    public static func entries(code: String?, since: String?, limit: Int, database: any OutboxStore & CatalogStore)
        async throws
        -> [HistoryEntry]
    {
        var ids: [String]?
        if let code {
            ids = try await Lookup.lookUp(code, in: database).flatMap { [$0.variationID, $0.itemID] }
        }
        return try await database.history(objectIDs: ids, since: since.flatMap(Timestamp.start(of:)), limit: limit)
    }
}
