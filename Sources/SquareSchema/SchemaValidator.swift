import CatalogCore

/// One place where a JSON document breaks its schema.
public struct SchemaViolation: CustomStringConvertible, Equatable, Sendable {
    /// Which schema keyword the document breaks.
    public enum Kind: Sendable, Equatable {
        /// `type` (or an integer `format`): the schema's type name, such as `integer`.
        case type(String)
        /// `null` where the schema is not `nullable`.
        case null
        /// `required`: the property that is missing (the violation's path is its object).
        case required(String)
        case enumeration, minLength, maxLength, pattern, minimum, maximum, minItems, maxItems
        /// A property `additionalProperties: false` does not allow.
        case notAllowed
        /// A `$ref` the validator cannot follow, or references nested too deep.
        case reference
    }

    /// Where in the document, such as `$.objects[2].item_data.name`.
    public let path: String
    /// What is wrong there.
    public let message: String
    /// The keyword broken.
    public let kind: Kind

    public init(path: String, message: String, kind: Kind = .reference) {
        self.path = path
        self.message = message
        self.kind = kind
    }

    public var description: String { "\(path): \(message)" }

    /// The request field it names, as Square writes it: `changes[0].adjustment.quantity` (the missing
    /// property itself for `required`; no `$.`).
    public var field: String {
        var text = path.hasPrefix("$.") ? String(path.dropFirst(2)) : path == "$" ? "" : path
        if case .required(let name) = kind { text += text.isEmpty ? name : "." + name }
        return text
    }

    public static func == (left: SchemaViolation, right: SchemaViolation) -> Bool {
        left.path == right.path && left.message == right.message
    }
}

/// Checks JSON documents against OpenAPI 3.0 schemas: type, properties, required, items, $ref, enum,
/// nullable, additionalProperties, minLength/maxLength, pattern, minItems/maxItems, minimum/maximum and
/// integer formats (int32/int64 must be JSON integers that fit).
public struct SchemaValidator: Sendable {
    /// How strictly to read a document.
    public struct Options: Sendable {
        /// `null` counts as absent (a request, as Square reads one); otherwise it must be `nullable`.
        public var nullMeansAbsent: Bool
        /// `readOnly` properties are not checked (a request may carry back what Square sent).
        public var ignoreReadOnly: Bool

        public init(nullMeansAbsent: Bool, ignoreReadOnly: Bool) {
            self.nullMeansAbsent = nullMeansAbsent
            self.ignoreReadOnly = ignoreReadOnly
        }

        /// Every keyword, as a response must meet them.
        public static let strict = Options(nullMeansAbsent: false, ignoreReadOnly: false)
        /// As Square reads a request body.
        public static let request = Options(nullMeansAbsent: true, ignoreReadOnly: true)
    }

    /// Component schemas by name, the targets of `#/components/schemas/NAME` references.
    public let schemas: [String: JSONValue]

    public init(schemas: [String: JSONValue]) { self.schemas = schemas }

    /// The first `limit` violations of `value` against the component schema `name`; empty when it conforms.
    public func validate(
        _ value: JSONValue, against name: String, limit: Int = 5, options: Options = .strict
    ) -> [SchemaViolation] {
        var run = Run(validator: self, limit: limit, options: options)
        run.check(value, against: .object(["$ref": .string(Self.refPrefix + name)]), at: "$")
        return run.violations
    }

    /// The first `limit` violations of `value` against an inline `schema`.
    public func validate(
        _ value: JSONValue, schema: JSONValue, limit: Int = 5, options: Options = .strict
    ) -> [SchemaViolation] {
        var run = Run(validator: self, limit: limit, options: options)
        run.check(value, against: schema, at: "$")
        return run.violations
    }

    /// The component schema a `$ref` names, or nil when it is not a component reference.
    public static func referencedName(_ schema: JSONValue) -> String? {
        guard let ref = schema["$ref"]?.stringValue, ref.hasPrefix(refPrefix) else { return nil }
        return String(ref.dropFirst(refPrefix.count))
    }

    static let refPrefix = "#/components/schemas/"

    /// One validation pass, collecting violations until the limit.
    struct Run {
        let validator: SchemaValidator
        let limit: Int
        let options: Options
        var violations: [SchemaViolation] = []
        var depth = 0

        init(validator: SchemaValidator, limit: Int, options: Options) {
            self.validator = validator
            self.limit = limit
            self.options = options
        }

        var isFull: Bool { violations.count >= limit }

        mutating func report(_ path: String, _ message: String, _ kind: SchemaViolation.Kind) {
            if !isFull { violations.append(SchemaViolation(path: path, message: message, kind: kind)) }
        }

        mutating func check(_ value: JSONValue, against schema: JSONValue, at path: String) {
            guard !isFull else { return }
            if value.isNull {
                if schema["nullable"]?.boolValue != true, !options.nullMeansAbsent {
                    report(path, "null is not allowed here", .null)
                }
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
                report(path, "\(value.jsonString) is not one of the allowed values", .enumeration)
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
                report(path, "unsupported reference \(ref)", .reference)
                return
            }
            let name = String(ref.dropFirst(SchemaValidator.refPrefix.count))
            guard let target = validator.schemas[name] else {
                report(path, "schema \(name) is not defined", .reference)
                return
            }
            depth += 1
            defer { depth -= 1 }
            guard depth < 64 else {
                report(path, "references nest deeper than 64", .reference)
                return
            }
            check(value, against: target, at: path)
        }
    }
}
