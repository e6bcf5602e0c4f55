import CatalogCore

extension SchemaValidator.Run {
    /// Checks `type` (and the integer `format`s); false when the value has the wrong type.
    mutating func checkType(_ value: JSONValue, type: String, format: JSONValue?, at path: String) -> Bool {
        let matches: Bool
        switch (type, value) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("number", .number):
            matches = true
        case ("integer", .number(let literal)):
            matches = Self.isInteger(literal)
        default:
            matches = false
        }
        guard matches else {
            report(path, "expected \(type), found \(Self.typeName(of: value))", .type(type))
            return false
        }
        if case .number(let literal) = value, let format = format?.stringValue {
            if format == "int64", Int64(literal) == nil {
                report(path, "\(literal) is not an int64 (a JSON integer from -2^63 to 2^63-1)", .type("integer"))
                return false
            }
            if format == "int32", Int32(literal) == nil {
                report(path, "\(literal) is not an int32", .type("integer"))
                return false
            }
        }
        return true
    }

    mutating func checkObject(_ object: JSONObject, against schema: JSONValue, at path: String) {
        for name in schema["required"]?.arrayValue ?? [] {
            guard let name = name.stringValue else { continue }
            let present = object[name].map { !($0.isNull && options.nullMeansAbsent) } ?? false
            if !present { report(path, "required property \(name) is missing", .required(name)) }
        }
        let properties = schema["properties"]?.objectValue ?? JSONObject()
        let additional = schema["additionalProperties"]
        for member in object {
            let memberPath = path + "." + member.key
            if let propertySchema = properties[member.key] {
                if options.ignoreReadOnly, propertySchema["readOnly"]?.boolValue == true { continue }
                check(member.value, against: propertySchema, at: memberPath)
            } else if additional?.boolValue == false {
                report(memberPath, "property \(member.key) is not allowed", .notAllowed)
            } else if let additional, additional.objectValue != nil {
                check(member.value, against: additional, at: memberPath)
            }
        }
    }

    mutating func checkArray(_ elements: [JSONValue], against schema: JSONValue, at path: String) {
        if let minimum = schema["minItems"]?.int64Value, elements.count < minimum {
            report(path, "\(elements.count) items, at least \(minimum) required", .minItems)
        }
        if let maximum = schema["maxItems"]?.int64Value, elements.count > maximum {
            report(path, "\(elements.count) items, at most \(maximum) allowed", .maxItems)
        }
        guard let items = schema["items"] else { return }
        for (index, element) in elements.enumerated() {
            check(element, against: items, at: path + "[\(index)]")
        }
    }

    mutating func checkString(_ string: String, against schema: JSONValue, at path: String) {
        let length = string.unicodeScalars.count
        if let minimum = schema["minLength"]?.int64Value, length < minimum {
            report(path, "string of length \(length), at least \(minimum) required", .minLength)
        }
        if let maximum = schema["maxLength"]?.int64Value, length > maximum {
            report(path, "string of length \(length), at most \(maximum) allowed", .maxLength)
        }
        if let pattern = schema["pattern"]?.stringValue, let regex = try? Regex(pattern),
            (try? regex.firstMatch(in: string)) == nil
        {
            report(path, "\(JSONValue.string(string).jsonString) does not match \(pattern)", .pattern)
        }
    }

    mutating func checkNumber(_ literal: String, against schema: JSONValue, at path: String) {
        guard let number = Double(literal) else { return }
        if let minimum = schema["minimum"]?.doubleValue, number < minimum {
            report(path, "\(literal) is less than the minimum \(minimum)", .minimum)
        }
        if let maximum = schema["maximum"]?.doubleValue, number > maximum {
            report(path, "\(literal) is more than the maximum \(maximum)", .maximum)
        }
    }

    /// Whether a JSON number literal is written as an integer (no fraction, no exponent).
    static func isInteger(_ literal: String) -> Bool {
        !literal.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
    }

    static func typeName(of value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "boolean"
        case .number(let literal): return isInteger(literal) ? "integer" : "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}
