import CatalogCore
import GRDB

extension CatalogDatabase {
    /// The live custom attribute definition with `key`, as the last sync or write stored it.
    public func customAttributeDefinition(key: String) async throws -> JSONValue? {
        try await read { db in
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT id, json FROM catalog_objects
                        WHERE type = 'CUSTOM_ATTRIBUTE_DEFINITION'
                            AND json ->> '$.custom_attribute_definition_data.key' = ?
                            AND NOT coalesce(json ->> '$.is_deleted', 0)
                        """), arguments: [key])
            guard let row else { return nil }
            return try StoredJSON.parse(row["json"], table: "catalog_objects", row: row["id"], column: "json")
        }
    }

    /// The variations with a shelf place at `locationID`, in the order the shelves are walked (see
    /// `ShelfPlace.sortKey`), each priced at that location; only those whose place starts with `prefix`
    /// (without regard to case) when one is given.
    public func shelved(at locationID: String, prefix: String? = nil) async throws -> [VariationSummary] {
        let wanted = prefix?.lowercased()
        return try await read { db in
            try Self.summaries(db, where: "v.shelves IS NOT NULL", arguments: [])
                .compactMap { summary -> (String, VariationSummary)? in
                    guard let place = summary.shelves.places[locationID] else { return nil }
                    if let wanted, !place.lowercased().hasPrefix(wanted) { return nil }
                    return (ShelfPlace.sortKey(place), summary)
                }
                .sorted { $0.0 < $1.0 }
                .map(\.1)
        }
    }
}
