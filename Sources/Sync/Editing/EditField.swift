import CatalogCore

/// A field `catalog` can change, and where it lives in Square's JSON.
///
/// Values are JSON in one canonical shape per field: `price` is a `price_money` object (`null` for
/// variable pricing), `categories` an array of category ids, `archived` a bool, the rest strings.
/// Reading and writing touch only the field's own members, so every other member of the object,
/// modelled or not, travels back to Square unchanged.
public enum EditField: String, Sendable, CaseIterable {
    case price
    case name
    case variationName = "variation_name"
    case sku
    case gtin
    case description
    case archived
    case categories

    /// Whether the field belongs to the item (otherwise to the variation).
    public var onItem: Bool {
        switch self {
        case .name, .description, .archived, .categories: true
        case .price, .variationName, .sku, .gtin: false
        }
    }

    /// The member of `item_data` or `item_variation_data` that holds the field.
    var member: String {
        switch self {
        case .price: "price_money"
        case .name, .variationName: "name"
        case .sku: "sku"
        case .gtin: "upc"
        case .description: "description"
        case .archived: "is_archived"
        case .categories: "categories"
        }
    }

    var dataKey: String { onItem ? "item_data" : "item_variation_data" }

    /// The most characters Square takes in the field (item name 512, description 4,096, variation name and
    /// SKU 255), nil for fields without a text limit.
    public var maxLength: Int? {
        switch self {
        case .name: 512
        case .description: 4096
        case .variationName, .sku: 255
        case .price, .gtin, .archived, .categories: nil
        }
    }

    /// Refuses a text value longer than Square takes, before anything is sent.
    public func checkLength(_ value: JSONValue?) throws(EditError) {
        guard let limit = maxLength, let text = value?.stringValue else { return }
        let length = text.unicodeScalars.count
        if length > limit { throw EditError.tooLong(field: self, length: length, limit: limit) }
    }

    /// The field's value in `object` (an ITEM for item fields, an ITEM_VARIATION otherwise); nil when absent.
    public func value(in object: JSONValue) -> JSONValue? {
        guard let data = object[dataKey] else { return nil }
        switch self {
        case .categories:
            if let list = data["categories"]?.arrayValue {
                return .array(list.compactMap { $0["id"] })
            }
            if let id = data["category_id"] { return .array([id]) }
            return nil
        case .archived:
            return .bool(data["is_archived"]?.boolValue ?? false)
        case .description:
            return data["description"] ?? data["description_plaintext"]
        default:
            guard let value = data[member], value != .null else { return nil }
            return value
        }
    }

    /// `object` with the field set to `value` (`nil` removes it).
    public func setting(_ value: JSONValue?, in object: JSONValue) -> JSONValue {
        var object = object
        var data = object[dataKey] ?? .object(JSONObject())
        switch self {
        case .price:
            data["price_money"] = value
            data["pricing_type"] = .string(value == nil ? "VARIABLE_PRICING" : "FIXED_PRICING")
        case .archived:
            data["is_archived"] = .bool(value?.boolValue ?? false)
        case .description:
            let text = value?.stringValue
            data["description"] = value
            if data["description_html"] != nil { data["description_html"] = text.map { .string(Self.html($0)) } }
            if data["description_plaintext"] != nil { data["description_plaintext"] = value }
        case .categories:
            let ids = value?.arrayValue?.compactMap(\.stringValue) ?? []
            let existing = data["categories"]?.arrayValue ?? []
            data["categories"] = .array(
                ids.map { id in existing.first { $0["id"]?.stringValue == id } ?? ["id": .string(id)] })
            if ids.isEmpty {
                data["reporting_category"] = nil
            } else if let reporting = data["reporting_category"]?["id"]?.stringValue, ids.contains(reporting) {
                // The reporting category is still one of the item's categories: keep it.
            } else {
                data["reporting_category"] = ["id": .string(ids[0])]
            }
            if data["category_id"] != nil { data["category_id"] = ids.first.map(JSONValue.string) }
        default:
            data[member] = value
        }
        object[dataKey] = data
        return object
    }

    /// Whether two values of this field mean the same (key order, barcode spelling and absent-versus-false
    /// do not count).
    public func same(_ lhs: JSONValue?, _ rhs: JSONValue?) -> Bool {
        switch self {
        case .price:
            return lhs.flatMap(Money.init(json:)) == rhs.flatMap(Money.init(json:))
        case .gtin:
            if let left = lhs?.stringValue, let right = rhs?.stringValue,
                let leftCode = try? Barcode(left), let rightCode = try? Barcode(right)
            {
                return leftCode.gtin14 == rightCode.gtin14
            }
            return lhs == rhs
        case .archived:
            return (lhs?.boolValue ?? false) == (rhs?.boolValue ?? false)
        case .categories:
            return (lhs?.arrayValue ?? []) == (rhs?.arrayValue ?? [])
        default:
            return lhs == rhs
        }
    }

    /// How a person reads a value of this field.
    public func display(_ value: JSONValue?) -> String {
        guard let value, value != .null else { return self == .price ? "variable" : "(none)" }
        switch self {
        case .price: return Money(json: value)?.formatted ?? value.jsonString
        case .archived: return value.boolValue == true ? "archived" : "not archived"
        case .categories: return (value.arrayValue ?? []).compactMap(\.stringValue).joined(separator: ", ")
        default: return value.stringValue ?? value.jsonString
        }
    }

    static func html(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return "<p>" + escaped + "</p>"
    }
}

/// One field and the value it should take.
public struct FieldEdit: Sendable, Equatable {
    public var field: EditField
    /// The new value in the field's canonical shape (`nil` clears the field).
    public var value: JSONValue?

    public init(_ field: EditField, _ value: JSONValue?) {
        self.field = field
        self.value = value
    }
}
