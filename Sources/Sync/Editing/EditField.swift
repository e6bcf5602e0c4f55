import CatalogCore
import Store

/// A field `catalog` can change, and where it lives in Square's JSON; a price or availability may be
/// for one location (`price@LOCATION_ID`, `available@LOCATION_ID` in the outbox and history).
///
/// Values are JSON in one canonical shape per field: `price` is a `price_money` object (`null` for
/// variable pricing; at a location, `"variable"` for variable there and `null` for the base price),
/// `categories` an array of category ids, `archived` and `available` a bool, the rest strings.
/// Reading and writing touch only the field's own members, so every other member of the object,
/// modelled or not, travels back to Square unchanged.
public struct EditField: Sendable, Hashable, RawRepresentable {
    public enum Kind: String, Sendable, CaseIterable {
        case price
        case name
        case variationName = "variation_name"
        case sku
        case gtin
        case description
        case archived
        case categories
        /// Whether the variation is sold at a location (its presence there); always for one location.
        case available
        /// Whether Square tracks the variation's stock (`track_inventory`); at a location, its override's.
        case tracked
        /// Where the variation stands at a location (a custom attribute value, see `ShelfPlace`); always for
        /// one location.
        case shelf
    }

    public var kind: Kind
    /// The location a price or availability is for; nil for the variation's own price.
    public var location: String?

    public init(_ kind: Kind, location: String? = nil) {
        self.kind = kind
        self.location = location
    }

    public static let price = EditField(.price)
    public static let name = EditField(.name)
    public static let variationName = EditField(.variationName)
    public static let sku = EditField(.sku)
    public static let gtin = EditField(.gtin)
    public static let description = EditField(.description)
    public static let archived = EditField(.archived)
    public static let categories = EditField(.categories)

    /// The price at one location (its `location_overrides` entry).
    public static func price(at location: String) -> EditField { EditField(.price, location: location) }
    /// Whether the variation is sold at one location.
    public static func available(at location: String) -> EditField { EditField(.available, location: location) }
    /// Whether Square tracks the variation's stock everywhere its override does not say otherwise.
    public static let tracked = EditField(.tracked)
    /// Whether Square tracks the variation's stock at one location (its override's `track_inventory`).
    public static func tracked(at location: String) -> EditField { EditField(.tracked, location: location) }
    /// The variation's shelf place at one location.
    public static func shelf(at location: String) -> EditField { EditField(.shelf, location: location) }

    /// `price`, `price@L123`, `available@L123`: how the outbox and the history name the field.
    public var rawValue: String { kind.rawValue + (location.map { "@" + $0 } ?? "") }

    public init?(rawValue: String) {
        let parts = rawValue.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        guard let kind = Kind(rawValue: String(parts[0])) else { return nil }
        let location = parts.count == 2 ? String(parts[1]) : nil
        let alwaysAtOne = kind == .available || kind == .shelf
        guard location.map({ !$0.isEmpty }) ?? true,
            (location != nil) == alwaysAtOne || kind == .price || kind == .tracked
        else { return nil }
        self.init(kind, location: location)
    }

    /// Whether the field belongs to the item (otherwise to the variation).
    public var onItem: Bool {
        switch kind {
        case .name, .description, .archived, .categories: true
        case .price, .variationName, .sku, .gtin, .available, .tracked, .shelf: false
        }
    }

    /// The member of `item_data` or `item_variation_data` that holds the field.
    var member: String {
        switch kind {
        case .price: "price_money"
        case .name, .variationName: "name"
        case .sku: "sku"
        case .gtin: "upc"
        case .description: "description"
        case .archived: "is_archived"
        case .categories: "categories"
        case .available: "present_at_location_ids"
        case .tracked: "track_inventory"
        case .shelf: "custom_attribute_values"
        }
    }

    var dataKey: String { onItem ? "item_data" : "item_variation_data" }

    /// The most characters Square takes in the field (item name 512, description 4,096, variation name and
    /// SKU 255), nil for fields without a text limit.
    public var maxLength: Int? {
        switch kind {
        case .name: 512
        case .description: 4096
        case .variationName, .sku: 255
        case .shelf: ShelfPlace.maxLength
        case .price, .gtin, .archived, .categories, .available, .tracked: nil
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
        if let location {
            switch kind {
            case .available: return .bool(Presence(object: object).includes(location))
            case .tracked: return locationOverride(in: object)?["track_inventory"]
            case .shelf: return object["custom_attribute_values"]?[ShelfPlace.key(location: location)]?["string_value"]
            default: return locationPrice(in: object)
            }
        }
        guard let data = object[dataKey] else { return nil }
        switch kind {
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
        if let location {
            switch kind {
            case .available: return settingPresence(value?.boolValue ?? true, at: location, in: object)
            case .tracked: return settingLocationTracking(value, at: location, in: object)
            case .shelf: return settingShelf(value, at: location, in: object)
            default: return settingLocationPrice(value, at: location, in: object)
            }
        }
        var object = object
        var data = object[dataKey] ?? .object(JSONObject())
        switch kind {
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
        switch kind {
        case .price:
            if location != nil, lhs?.stringValue != nil || rhs?.stringValue != nil {
                return lhs?.stringValue == rhs?.stringValue
            }
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
        case .available:
            return (lhs?.boolValue ?? true) == (rhs?.boolValue ?? true)
        case .tracked:
            // At a location, "not said" (the variation's own applies) differs from false.
            return location == nil ? (lhs?.boolValue ?? false) == (rhs?.boolValue ?? false) : lhs == rhs
        case .categories:
            return (lhs?.arrayValue ?? []) == (rhs?.arrayValue ?? [])
        default:
            return lhs == rhs
        }
    }

    /// How a person reads a value of this field.
    public func display(_ value: JSONValue?) -> String {
        guard let value, value != .null else {
            if kind == .price { return location == nil ? "variable" : "base price" }
            return kind == .shelf ? "no shelf" : "(none)"
        }
        switch kind {
        case .price: return Money(json: value)?.formatted ?? value.stringValue ?? value.jsonString
        case .available: return value.boolValue == false ? "not sold" : "sold"
        case .tracked: return value.boolValue == true ? "stock tracked" : "stock not tracked"
        case .archived: return value.boolValue == true ? "archived" : "not archived"
        case .categories: return (value.arrayValue ?? []).compactMap(\.stringValue).joined(separator: ", ")
        default: return value.stringValue ?? value.jsonString
        }
    }

    /// `object` with its shelf place at `location` set to `value` (nil removes it), its other custom
    /// attribute values kept.
    private func settingShelf(_ value: JSONValue?, at location: String, in object: JSONValue) -> JSONValue {
        var object = object
        var values = object["custom_attribute_values"]?.objectValue ?? JSONObject()
        let key = ShelfPlace.key(location: location)
        if let text = value?.stringValue, !text.isEmpty {
            var entry = values[key] ?? .object(JSONObject())
            entry["string_value"] = .string(text)
            values[key] = entry
        } else {
            values[key] = nil
        }
        object["custom_attribute_values"] = values.isEmpty ? nil : .object(values)
        return object
    }

    /// The variation's `location_overrides` entry for the field's location, if it has one.
    private func locationOverride(in object: JSONValue) -> JSONValue? {
        object["item_variation_data"]?["location_overrides"]?.arrayValue?.first {
            $0["location_id"]?.stringValue == location
        }
    }

    /// The price a location's override sets: its `price_money`, `"variable"`, or nil (the base price).
    private func locationPrice(in object: JSONValue) -> JSONValue? {
        let entry = locationOverride(in: object)
        if entry?["pricing_type"]?.stringValue == "VARIABLE_PRICING" { return .string("variable") }
        guard let money = entry?["price_money"], money != .null else { return nil }
        return money
    }

    /// `object` with the location's override priced as `value` says, its other members kept; an override
    /// left with nothing but its location is removed.
    private func settingLocationPrice(_ value: JSONValue?, at location: String, in object: JSONValue) -> JSONValue {
        settingOverride(at: location, in: object) { entry in
            if value?.stringValue == "variable" {
                entry["price_money"] = nil
                entry["pricing_type"] = "VARIABLE_PRICING"
            } else if let value, value != .null {
                entry["price_money"] = value
                entry["pricing_type"] = "FIXED_PRICING"
            } else {
                entry["price_money"] = nil
                entry["pricing_type"] = nil
            }
        }
    }

    /// `object` with the location's override tracking stock as `value` says (nil: as the variation does).
    private func settingLocationTracking(_ value: JSONValue?, at location: String, in object: JSONValue)
        -> JSONValue
    {
        settingOverride(at: location, in: object) { entry in
            entry["track_inventory"] = value.flatMap(\.boolValue).map(JSONValue.bool)
        }
    }

    /// `object` with the location's override changed by `change`, its other members kept; an override left
    /// with nothing but its location is removed.
    private func settingOverride(at location: String, in object: JSONValue, _ change: (inout JSONValue) -> Void)
        -> JSONValue
    {
        var object = object
        var data = object["item_variation_data"] ?? .object(JSONObject())
        var list = data["location_overrides"]?.arrayValue ?? []
        let index = list.firstIndex { $0["location_id"]?.stringValue == location }
        var entry = index.map { list[$0] } ?? ["location_id": .string(location)]
        change(&entry)
        let empty = (entry.objectValue?.keys.filter { $0 != "location_id" } ?? []).isEmpty
        switch (index, empty) {
        case (let index?, true): list.remove(at: index)
        case (let index?, false): list[index] = entry
        case (nil, false): list.append(entry)
        case (nil, true): break
        }
        data["location_overrides"] = list.isEmpty ? nil : .array(list)
        object["item_variation_data"] = data
        return object
    }

    /// `object` sold (or not) at `location` the way Square's dashboard sets it: present everywhere with
    /// the location in or out of the absent list, or present at listed locations with it in or out.
    private func settingPresence(_ sold: Bool, at location: String, in object: JSONValue) -> JSONValue {
        var object = object
        var presence = Presence(object: object)
        if presence.everywhere {
            presence.absent.removeAll { $0 == location }
            if !sold { presence.absent.append(location) }
        } else {
            presence.present.removeAll { $0 == location }
            if sold { presence.present.append(location) }
        }
        object["present_at_all_locations"] = .bool(presence.everywhere)
        object["present_at_location_ids"] =
            presence.present.isEmpty ? nil : .array(presence.present.map(JSONValue.string))
        object["absent_at_location_ids"] = presence.absent.isEmpty ? nil : .array(presence.absent.map(JSONValue.string))
        return object
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
