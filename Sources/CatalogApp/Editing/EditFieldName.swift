import CatalogCore
import Store
import Sync

/// How stored field names and values (history, outbox) are shown.
public enum EditFieldName {
    /// `variation_name` → `variation name`; `price@L123` → `price at L123` (the location's own price), or
    /// `price at High Street` when `locationNames` (by id) has the location.
    public static func display(_ name: String, locationNames: [String: String] = [:]) -> String {
        let parts = name.split(separator: "@", maxSplits: 1).map(String.init)
        let field = (parts.first ?? name).replacingOccurrences(of: "_", with: " ")
        guard parts.count == 2 else { return field }
        return field + " at " + (locationNames[parts[1]] ?? parts[1])
    }

    /// The shop's location names by id, for `display(_:locationNames:)`.
    public static func locationNames(in database: any CatalogStore) async throws -> [String: String] {
        var names: [String: String] = [:]
        for location in try await database.locations() {
            if let id = location["id"]?.stringValue { names[id] = location["name"]?.stringValue ?? id }
        }
        return names
    }

    /// `locationNames(in:)` over the context's database.
    public static func locationNames(context: AppContext) async throws -> [String: String] {
        try await locationNames(in: try context.openDatabase())
    }

    /// A stored value of field `name` as shown: an edit field's own way when `name` is one, else `(none)`
    /// for no value, a string as it is, anything else as JSON.
    public static func show(_ name: String, _ value: JSONValue?) -> String {
        if let field = EditField(rawValue: name) { return field.display(value) }
        guard let value, value != .null else { return "(none)" }
        return value.stringValue ?? value.jsonString
    }
}
