import CatalogApp
import CatalogCore
import Sync

/// How stored field names and values (history, outbox) are shown.
enum EditFieldName {
    static func display(_ name: String) -> String { name.replacingOccurrences(of: "_", with: " ") }

    static func show(_ name: String, _ value: JSONValue?) -> String {
        if let field = EditField(rawValue: name) { return field.display(value) }
        guard let value, value != .null else { return "(none)" }
        return value.stringValue ?? value.jsonString
    }
}
