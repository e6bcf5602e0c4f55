import CatalogApp
import CatalogCore
import Sync

/// How stored field names and values (history, outbox) are shown.
enum EditFieldName {
    /// `variation_name` → `variation name`; `price@L123` → `price at L123` (the location's own price).
    static func display(_ name: String) -> String {
        name.replacingOccurrences(of: "_", with: " ").replacingOccurrences(of: "@", with: " at ")
    }

    static func show(_ name: String, _ value: JSONValue?) -> String {
        if let field = EditField(rawValue: name) { return field.display(value) }
        guard let value, value != .null else { return "(none)" }
        return value.stringValue ?? value.jsonString
    }
}
