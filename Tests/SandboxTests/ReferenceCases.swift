import CatalogCore
import Foundation
import SquareSchema

/// One constraint of Square's reference on one request field, with a request that breaks it and one
/// exactly at its limit, both otherwise as small as the schema allows.
struct ReferenceCase: Sendable, CustomStringConvertible {
    let operation: String
    let path: String
    /// The keyword, such as `maxLength`.
    let keyword: String
    /// The field Square names in its refusal, such as `changes[0].adjustment.occurred_at`.
    let field: String
    /// The error code Square's `ErrorCode` enum has for breaking the keyword.
    let code: String
    let breaking: JSONValue
    let atLimit: JSONValue

    var description: String { "\(operation) \(field) \(keyword)" }
}

/// Walks the request schema of each operation in the reference and makes a `ReferenceCase` for every
/// required property, maxLength, minLength, minimum, maximum, enum, pattern, minItems and maxItems found
/// (read-only properties are Square's and are not checked; a schema met again on its own path is not
/// walked again).
struct ReferenceCases {
    let contract: SquareContract

    /// One step from a node to a child, with the child's schema (references resolved).
    enum Step: Equatable {
        case key(String)
        case index
    }

    /// Every case for operation `name`.
    func cases(for name: String) -> [ReferenceCase] {
        guard let operation = contract.operations[name], let request = operation.request else { return [] }
        var found: [ReferenceCase] = []
        walk(resolve(["$ref": .string("#/components/schemas/\(request)")]), steps: [], seen: [request]) {
            steps, schema in
            found += constraints(at: steps, schema: schema, request: request).map {
                keyword, field, code, break_, limit in
                ReferenceCase(
                    operation: name, path: operation.path, keyword: keyword, field: field, code: code,
                    breaking: break_, atLimit: limit)
            }
        }
        return found
    }

    /// The schema a `$ref` names (recursively), or the schema itself.
    func resolve(_ schema: JSONValue) -> JSONValue {
        var current = schema
        var hops = 0
        while let name = SchemaValidator.referencedName(current), let target = contract.validator.schemas[name],
            hops < 16
        {
            current = target
            hops += 1
        }
        return current
    }

    private func walk(
        _ schema: JSONValue, steps: [(Step, JSONValue)], seen: Set<String>,
        _ visit: ([(Step, JSONValue)], JSONValue) -> Void
    ) {
        visit(steps, schema)
        for member in schema["properties"]?.objectValue ?? JSONObject() {
            if member.value["readOnly"]?.boolValue == true { continue }
            let name = SchemaValidator.referencedName(member.value)
            if let name, seen.contains(name) { continue }
            let child = resolve(member.value)
            walk(child, steps: steps + [(.key(member.key), child)], seen: seen.union(name.map { [$0] } ?? []), visit)
        }
        if let items = schema["items"] {
            let name = SchemaValidator.referencedName(items)
            if let name, seen.contains(name) { return }
            let child = resolve(items)
            walk(child, steps: steps + [(.index, child)], seen: seen.union(name.map { [$0] } ?? []), visit)
        }
    }

    private typealias Made = (keyword: String, field: String, code: String, breaking: JSONValue, atLimit: JSONValue)

    /// The cases for the constraints of the node at `steps`.
    private func constraints(at steps: [(Step, JSONValue)], schema: JSONValue, request: String) -> [Made] {
        let root = resolve(["$ref": .string("#/components/schemas/\(request)")])
        let field = Self.field(steps.map { $0.0 })
        var made: [Made] = []
        func body(_ value: JSONValue?) -> JSONValue {
            var document = minimal(root)
            set(&document, steps: steps[...], value: value)
            if steps.first.map({ $0.0 != .key("idempotency_key") }) ?? true, document["idempotency_key"] != nil {
                document["idempotency_key"] = .string(UUID().uuidString)
            }
            return document
        }
        for name in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] {
            var node = minimal(schema)
            node[name] = nil
            made.append(
                (
                    "required", field.isEmpty ? name : field + "." + name, "MISSING_REQUIRED_PARAMETER", body(node),
                    body(minimal(schema))
                ))
        }
        if let maximum = schema["maxLength"]?.int64Value {
            made.append(("maxLength", field, "VALUE_TOO_LONG", body(text(Int(maximum) + 1)), body(text(Int(maximum)))))
        }
        if let minimum = schema["minLength"]?.int64Value, minimum > 0 {
            made.append(("minLength", field, "VALUE_TOO_SHORT", body(text(Int(minimum) - 1)), body(text(Int(minimum)))))
        }
        if let maximum = schema["maximum"]?.int64Value {
            made.append(("maximum", field, "VALUE_TOO_HIGH", body(.int(maximum + 1)), body(.int(maximum))))
        }
        if let minimum = schema["minimum"]?.int64Value {
            made.append(("minimum", field, "VALUE_TOO_LOW", body(.int(minimum - 1)), body(.int(minimum))))
        }
        if let allowed = schema["enum"]?.arrayValue, let last = allowed.last {
            made.append(("enum", field, "INVALID_ENUM_VALUE", body("NOT_A_SQUARE_VALUE"), body(last)))
        }
        if let pattern = schema["pattern"]?.stringValue, let regex = try? Regex(pattern) {
            let candidates = ["a b!", "#", "é", "a", "A1", "0"]
            let misses = candidates.first { (try? regex.firstMatch(in: $0)) == nil }
            let matches = candidates.first { (try? regex.firstMatch(in: $0)) != nil }
            if let misses, let matches {
                made.append(("pattern", field, "VALUE_REGEX_MISMATCH", body(.string(misses)), body(.string(matches))))
            }
        }
        if let maximum = schema["maxItems"]?.int64Value, let items = schema["items"] {
            let element = minimal(resolve(items))
            made.append(
                (
                    "maxItems", field, "ARRAY_LENGTH_TOO_LONG",
                    body(.array(Array(repeating: element, count: Int(maximum) + 1))),
                    body(.array(Array(repeating: element, count: Int(maximum))))
                ))
        }
        if let minimum = schema["minItems"]?.int64Value, minimum > 0, let items = schema["items"] {
            let element = minimal(resolve(items))
            made.append(
                (
                    "minItems", field, "ARRAY_LENGTH_TOO_SHORT",
                    body(.array(Array(repeating: element, count: Int(minimum) - 1))),
                    body(.array(Array(repeating: element, count: Int(minimum))))
                ))
        }
        return made
    }

    /// A string of `count` letters.
    private func text(_ count: Int) -> JSONValue { .string(String(repeating: "a", count: max(0, count))) }

    /// The smallest value that meets `schema`: required properties only, the first enum value, the
    /// shortest string, the least number allowed and lists of one.
    func minimal(_ schema: JSONValue, depth: Int = 0) -> JSONValue {
        let schema = resolve(schema)
        if let first = schema["enum"]?.arrayValue?.first { return first }
        switch schema["type"]?.stringValue {
        case "array":
            // A required list is sent with one element: Square reads an empty one as missing.
            let count = Int(max(1, schema["minItems"]?.int64Value ?? 1))
            guard let items = schema["items"] else { return [] }
            return .array(Array(repeating: minimal(items, depth: depth + 1), count: count))
        case "string":
            return text(Int(max(1, schema["minLength"]?.int64Value ?? 1)))
        case "integer", "number":
            return .int(schema["minimum"]?.int64Value ?? 0)
        case "boolean":
            return false
        default:
            var object = JSONObject()
            guard depth < 8 else { return .object(object) }
            let properties = schema["properties"]?.objectValue ?? JSONObject()
            for name in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] {
                object[name] = properties[name].map { minimal($0, depth: depth + 1) } ?? "a"
            }
            return .object(object)
        }
    }

    /// Puts `value` (nil: leaves the node as the minimal one) at the end of `steps`, creating the minimal
    /// containers on the way.
    private func set(_ node: inout JSONValue, steps: ArraySlice<(Step, JSONValue)>, value: JSONValue?) {
        guard let (step, schema) = steps.first else {
            if let value { node = value }
            return
        }
        switch step {
        case .key(let name):
            if node.objectValue == nil { node = [:] }
            var child = node[name] ?? minimal(schema)
            set(&child, steps: steps.dropFirst(), value: value)
            node[name] = child
        case .index:
            var elements = node.arrayValue ?? []
            if elements.isEmpty { elements = [minimal(schema)] }
            set(&elements[0], steps: steps.dropFirst(), value: value)
            node = .array(elements)
        }
    }

    /// The field as Square names it: `changes[0].adjustment.quantity`.
    static func field(_ steps: [Step]) -> String {
        var text = ""
        for step in steps {
            switch step {
            case .key(let name): text += text.isEmpty ? name : "." + name
            case .index: text += "[0]"
            }
        }
        return text
    }
}
