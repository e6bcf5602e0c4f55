import CatalogCore

/// Square's catalog custom attributes, with the rules its reference gives in words (the key's length and
/// characters are the schema's, checked before): a definition's key, like its type, cannot change; its name
/// and its key are unique; it applies to at least one of five object types; a value is set under a defined
/// key, on an object type the definition allows, in the field its type names. A value under another
/// application's key (`appid:key`) is kept as sent. The sandbox fills in a value's read-only fields
/// (definition id, type, key, name).
extension CatalogState {
    static let customAttributeObjectTypes: Set<String> = [
        "ITEM", "ITEM_VARIATION", "MODIFIER", "MODIFIER_LIST", "CATEGORY",
    ]
    /// CatalogCustomAttributeDefinitionSelectionConfig: "Up to a maximum of 100 selections can be defined."
    static let maxSelections = 100

    /// Checks the definitions and the values of a staged batch, and stamps each value's read-only fields.
    func checkCustomAttributes(_ staged: inout [String: StoredObject]) throws(APIError) {
        var definitions: [String: (id: String, data: JSONValue)] = [:]
        var names: [String: String] = [:]
        for (id, object) in objects where object.type == "CUSTOM_ATTRIBUTE_DEFINITION" && !object.isDeleted {
            guard staged[id] == nil, let data = object.json["custom_attribute_definition_data"] else { continue }
            if let key = data["key"]?.stringValue { definitions[key] = (id, data) }
            if let name = data["name"]?.stringValue { names[name.lowercased()] = id }
        }
        for (id, object) in staged.sorted(by: { $0.key < $1.key })
        where object.type == "CUSTOM_ATTRIBUTE_DEFINITION" && !object.isDeleted {
            let data = object.json["custom_attribute_definition_data"] ?? .null
            try checkDefinition(id, data, earlier: objects[id].flatMap { $0.isDeleted ? nil : $0 })
            let name = data["name"]?.stringValue ?? ""
            if let other = names[name.lowercased()], other != id {
                throw .invalid(
                    "INVALID_VALUE", "Another custom attribute definition (\(other)) is already named \(name).",
                    field: "custom_attribute_definition_data.name")
            }
            names[name.lowercased()] = id
            if let key = data["key"]?.stringValue {
                if let other = definitions[key], other.id != id {
                    throw .invalid(
                        "INVALID_VALUE",
                        "Another custom attribute definition (\(other.id)) already has the key \(key).",
                        field: "custom_attribute_definition_data.key")
                }
                definitions[key] = (id, data)
            }
        }
        for (id, object) in staged where !object.isDeleted {
            guard let values = object.json["custom_attribute_values"]?.objectValue, !values.isEmpty else { continue }
            var stamped = values
            // A key with an application's id before a colon is another application's definition (Square's own,
            // say), which this account's sandbox does not hold: such values are kept as sent.
            for (key, value) in values where !key.contains(":") {
                guard let definition = definitions[key] else {
                    throw .invalid(
                        "INVALID_VALUE", "No custom attribute definition has the key \(key) (on object \(id)).",
                        field: "custom_attribute_values.\(key)")
                }
                stamped[key] = try checkValue(
                    value, key: key, on: object.type, id: id, definition: definition, staged: staged)
            }
            staged[id]?.json["custom_attribute_values"] = .object(stamped)
        }
    }

    private func checkDefinition(_ id: String, _ data: JSONValue, earlier: StoredObject?) throws(APIError) {
        let field = "custom_attribute_definition_data"
        let type = data["type"]?.stringValue ?? ""
        let types = data["allowed_object_types"]?.arrayValue ?? []
        guard !types.isEmpty else {
            throw .invalid(
                "INVALID_VALUE", "A custom attribute definition applies to at least one object type.",
                field: "\(field).allowed_object_types")
        }
        for entry in types where !Self.customAttributeObjectTypes.contains(entry.stringValue ?? "") {
            throw .invalid(
                "INVALID_VALUE",
                "Custom attributes apply only to ITEM, ITEM_VARIATION, MODIFIER, MODIFIER_LIST and CATEGORY, not "
                    + "\(entry.stringValue ?? "\(entry)").", field: "\(field).allowed_object_types")
        }
        for (config, owner) in [
            ("string_config", "STRING"), ("number_config", "NUMBER"), ("selection_config", "SELECTION"),
        ]
        where data[config] != nil && data[config] != .null && type != owner {
            throw .invalid(
                "INVALID_VALUE", "\(config) is for a \(owner) definition; this one is \(type).",
                field: "\(field).\(config)")
        }
        if let selections = data["selection_config"]?["allowed_selections"]?.arrayValue,
            selections.count > Self.maxSelections
        {
            throw .invalid(
                "ARRAY_LENGTH_TOO_LONG",
                "A selection definition has at most 100 choices; this one has \(selections.count).",
                field: "\(field).selection_config.allowed_selections")
        }
        guard let earlier, let before = earlier.json["custom_attribute_definition_data"] else { return }
        for immutable in ["type", "key"] where before[immutable] != data[immutable] {
            throw .invalid(
                "INVALID_VALUE",
                "A custom attribute definition's \(immutable) cannot change after it is created (\(id)).",
                field: "\(field).\(immutable)")
        }
    }

    private func checkValue(
        _ value: JSONValue, key: String, on type: String, id: String, definition: (id: String, data: JSONValue),
        staged: [String: StoredObject]
    ) throws(APIError) -> JSONValue {
        let field = "custom_attribute_values.\(key)"
        let allowed = definition.data["allowed_object_types"]?.arrayValue ?? []
        guard allowed.contains(.string(type)) else {
            throw .invalid(
                "INVALID_VALUE", "The custom attribute \(key) does not apply to \(type) objects (\(id)).", field: field)
        }
        let kind = definition.data["type"]?.stringValue ?? ""
        switch kind {
        case "STRING":
            guard value["string_value"]?.stringValue != nil else {
                throw .invalid("INVALID_VALUE", "The custom attribute \(key) takes a string_value.", field: field)
            }
            if definition.data["string_config"]?["enforce_uniqueness"]?.boolValue == true {
                try checkUnique(value["string_value"], key: key, id: id, field: field, staged: staged)
            }
        case "NUMBER":
            guard let text = value["number_value"]?.stringValue, Double(text) != nil,
                text.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" })
            else {
                throw .invalid(
                    "INVALID_VALUE", "The custom attribute \(key) takes a number_value, a decimal with a point.",
                    field: field)
            }
        case "BOOLEAN":
            guard value["boolean_value"]?.boolValue != nil else {
                throw .invalid("INVALID_VALUE", "The custom attribute \(key) takes a boolean_value.", field: field)
            }
        case "SELECTION":
            let chosen = value["selection_uid_values"]?.arrayValue ?? []
            let offered = Set(
                (definition.data["selection_config"]?["allowed_selections"]?.arrayValue ?? []).compactMap {
                    $0["uid"]?.stringValue
                })
            let most = definition.data["selection_config"]?["max_allowed_selections"]?.int64Value ?? 1
            guard chosen.allSatisfy({ offered.contains($0.stringValue ?? "") }), chosen.count <= most else {
                throw .invalid(
                    "INVALID_VALUE",
                    "The custom attribute \(key) takes at most \(most) of its own selections (selection_uid_values).",
                    field: field)
            }
        default: break
        }
        var stamped = value
        stamped["custom_attribute_definition_id"] = .string(definition.id)
        stamped["type"] = .string(kind)
        stamped["key"] = .string(key)
        stamped["name"] = definition.data["name"] ?? .null
        return stamped
    }

    /// A string value of a definition that enforces uniqueness may stand on one live object only: among the
    /// objects held and those of the batch, a staged copy standing for the held one.
    private func checkUnique(
        _ value: JSONValue?, key: String, id: String, field: String, staged: [String: StoredObject]
    ) throws(APIError) {
        let held = objects.lazy.filter { staged[$0.key] == nil }
        for (other, object) in Array(staged) + held where other != id && !object.isDeleted {
            if object.json["custom_attribute_values"]?[key]?["string_value"] == value {
                throw .invalid(
                    "INVALID_VALUE", "The custom attribute \(key) must be unique; object \(other) has this value.",
                    field: field)
            }
        }
    }
}
