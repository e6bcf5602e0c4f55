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

extension WriteHistory {
    /// The entries as staff read them (the hub's back office): each entry's JSON with `name`, what the local
    /// catalog calls the object now (the item's name and the variation's after a dash, or the category's;
    /// null when it is gone, and the id is all there is), and `field_name`, the field as a person reads it, a
    /// location's own price named by the location, and `device`, the name of the paired device it came from.
    public static func named(_ entries: [HistoryEntry], database: any CatalogStore & HubStateStore) async throws
        -> [JSONValue]
    {
        let devices = try await deviceNames(database: database)
        let places = try await EditFieldName.locationNames(in: database)
        var names: [String: String?] = [:]
        var named: [JSONValue] = []
        for entry in entries {
            if names[entry.objectID] == nil { names[entry.objectID] = .some(try await name(of: entry, in: database)) }
            var json = Self.json(entry, devices: devices)
            json["name"] = (names[entry.objectID] ?? nil).map(JSONValue.string) ?? .null
            json["field_name"] = .string(EditFieldName.display(entry.field, locationNames: places))
            named.append(json)
        }
        return named
    }

    /// The entry's JSON (as `catalog history --json` prints it) with `device`, the name `devices` gives the
    /// paired device it came from (null for none).
    public static func json(_ entry: HistoryEntry, devices: [Int64: String]) -> JSONValue {
        var json = entry.json
        json["device"] = entry.deviceID.flatMap { devices[$0] }.map(JSONValue.string) ?? .null
        return json
    }

    /// The paired devices' names by id, revoked ones too: where a history row or a scan came from.
    public static func deviceNames(database: any HubStateStore) async throws -> [Int64: String] {
        Dictionary(
            try await database.devices(includeRevoked: true).map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
    }

    /// `deviceNames(database:)` in the context's database.
    public static func deviceNames(context: AppContext) async throws -> [Int64: String] {
        try await deviceNames(database: try context.openDatabase())
    }

    /// What the local catalog calls the entry's object now, nil when it is not there.
    static func name(of entry: HistoryEntry, in database: any CatalogStore) async throws -> String? {
        switch entry.objectType {
        case "ITEM_VARIATION": return try await database.variation(objectID: entry.objectID)?.label
        case "ITEM": return try await database.variations(objectID: entry.objectID).first?.itemName
        case "CATEGORY": return try await database.category(id: entry.objectID)?.name
        default: return nil
        }
    }
}
