import CatalogCore

/// How Square refuses a request that breaks its reference: an `INVALID_REQUEST_ERROR` with the error
/// code Square's `ErrorCode` enum gives each broken rule, and the field it names.
public struct SquareRefusal: Sendable, Equatable {
    public let code: String
    public let field: String
    public let detail: String

    /// The refusal for the first thing wrong in `body`, a request to operation `name`; nil when it conforms
    /// (or the operation takes no body).
    public static func check(_ body: JSONValue, operation name: String, in contract: SquareContract) -> SquareRefusal? {
        guard let request = contract.operations[name]?.request,
            let violation = contract.validator.validate(body, against: request, limit: 1, options: .request).first
        else { return nil }
        return SquareRefusal(violation)
    }

    public init(_ violation: SchemaViolation) {
        if case .type = violation.kind, violation.path.hasSuffix("]") {
            code = "INVALID_ARRAY_VALUE"
        } else {
            code = Self.code(for: violation.kind)
        }
        field = violation.field
        let name = field.isEmpty ? "The request body" : "`\(field)`"
        detail = "\(name): \(violation.message)."
    }

    /// Square's error code for breaking each keyword.
    public static func code(for kind: SchemaViolation.Kind) -> String {
        switch kind {
        case .type("string"): "EXPECTED_STRING"
        case .type("integer"): "EXPECTED_INTEGER"
        case .type("number"): "EXPECTED_FLOAT"
        case .type("boolean"): "EXPECTED_BOOLEAN"
        case .type("object"): "EXPECTED_OBJECT"
        case .type("array"): "EXPECTED_ARRAY"
        case .type: "INCORRECT_TYPE"
        case .null, .reference, .notAllowed: "INVALID_VALUE"
        case .required: "MISSING_REQUIRED_PARAMETER"
        case .enumeration: "INVALID_ENUM_VALUE"
        case .minLength: "VALUE_TOO_SHORT"
        case .maxLength: "VALUE_TOO_LONG"
        case .pattern: "VALUE_REGEX_MISMATCH"
        case .minimum: "VALUE_TOO_LOW"
        case .maximum: "VALUE_TOO_HIGH"
        case .minItems: "ARRAY_LENGTH_TOO_SHORT"
        case .maxItems: "ARRAY_LENGTH_TOO_LONG"
        }
    }
}
