import CatalogCore

/// One place where a JSON document breaks its schema.
struct SchemaViolation: CustomStringConvertible, Equatable {
    /// Where in the document, such as `$.objects[2].item_data.name`.
    let path: String
    /// What is wrong there.
    let message: String

    var description: String { "\(path): \(message)" }
}

/// Checks JSON documents against OpenAPI 3.0 schemas: type, properties, required, items, $ref, enum,
/// nullable, additionalProperties, minLength/maxLength, minItems/maxItems, minimum/maximum and
/// integer formats (int32/int64 must be JSON integers that fit).
struct SchemaValidator {
    /// Component schemas by name, the targets of `#/components/schemas/NAME` references.
    let schemas: [String: JSONValue]

    init(schemas: [String: JSONValue]) { self.schemas = schemas }

    /// The first `limit` violations of `value` against the component schema `name`; empty when it conforms.
    func validate(_ value: JSONValue, against name: String, limit: Int = 5) -> [SchemaViolation] {
        var run = Run(validator: self, limit: limit)
        run.check(value, against: .object(["$ref": .string(Self.refPrefix + name)]), at: "$")
        return run.violations
    }

    /// The first `limit` violations of `value` against an inline `schema`.
    func validate(_ value: JSONValue, schema: JSONValue, limit: Int = 5) -> [SchemaViolation] {
        var run = Run(validator: self, limit: limit)
        run.check(value, against: schema, at: "$")
        return run.violations
    }

    static let refPrefix = "#/components/schemas/"

    /// One validation pass, collecting violations until the limit.
    struct Run {
        let validator: SchemaValidator
        let limit: Int
        var violations: [SchemaViolation] = []
        var depth = 0

        init(validator: SchemaValidator, limit: Int) {
            self.validator = validator
            self.limit = limit
        }

        var isFull: Bool { violations.count >= limit }

        mutating func report(_ path: String, _ message: String) {
            if !isFull { violations.append(SchemaViolation(path: path, message: message)) }
        }

        mutating func check(_ value: JSONValue, against schema: JSONValue, at path: String) {
            guard !isFull else { return }
            if value.isNull {
                if schema["nullable"]?.boolValue != true { report(path, "null is not allowed here") }
                return
            }
            if let ref = schema["$ref"]?.stringValue {
                checkReference(value, ref: ref, at: path)
                return
            }
            if let type = schema["type"]?.stringValue,
                !checkType(value, type: type, format: schema["format"], at: path)
            {
                return
            }
            if let allowed = schema["enum"]?.arrayValue, !allowed.contains(value) {
                report(path, "\(value.jsonString) is not one of the allowed values")
            }
            switch value {
            case .object(let object): checkObject(object, against: schema, at: path)
            case .array(let elements): checkArray(elements, against: schema, at: path)
            case .string(let string): checkString(string, against: schema, at: path)
            case .number(let literal): checkNumber(literal, against: schema, at: path)
            default: break
            }
        }

        mutating func checkReference(_ value: JSONValue, ref: String, at path: String) {
            guard ref.hasPrefix(SchemaValidator.refPrefix) else {
                report(path, "unsupported reference \(ref)")
                return
            }
            let name = String(ref.dropFirst(SchemaValidator.refPrefix.count))
            guard let target = validator.schemas[name] else {
                report(path, "schema \(name) is not defined")
                return
            }
            depth += 1
            defer { depth -= 1 }
            guard depth < 64 else {
                report(path, "references nest deeper than 64")
                return
            }
            check(value, against: target, at: path)
        }
    }
}
