import CatalogCore
import Sync

/// How stored field names and values (history, outbox) are shown.
public enum EditFieldName {
    /// `variation_name` → `variation name`; `price@L123` → `price at L123` (the location's own price).
    public static func display(_ name: String) -> String {
        name.replacingOccurrences(of: "_", with: " ").replacingOccurrences(of: "@", with: " at ")
    }

    /// A stored value of field `name` as shown: an edit field's own way when `name` is one, else `(none)`
    /// for no value, a string as it is, anything else as JSON.
    public static func show(_ name: String, _ value: JSONValue?) -> String {
        if let field = EditField(rawValue: name) { return field.display(value) }
        guard let value, value != .null else { return "(none)" }
        return value.stringValue ?? value.jsonString
    }
}
