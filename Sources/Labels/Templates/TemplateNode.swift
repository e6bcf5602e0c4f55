import Foundation
import Yams

/// One YAML node of a template with its field path and line, so every error can point at it.
struct TemplateNode {
    let node: Node
    /// The field's path, such as `elements[2].frame.width`.
    let path: String
    /// The file name errors show.
    let file: String

    /// The line the node starts on (from 1).
    var line: Int? { node.mark?.line }

    /// An error pointing at this node.
    func error(_ message: String) -> TemplateError {
        TemplateError(file: file, line: line, field: path, message: message)
    }

    /// The node's text, for scalars; `nil` for mappings and sequences.
    var scalarText: String? {
        if case .scalar(let scalar) = node { return scalar.string }
        return nil
    }

    /// True for `~`, `null` and an empty plain value.
    var isNull: Bool {
        guard case .scalar(let scalar) = node, scalar.style == .plain || scalar.style == .any else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    /// A short form of the node for messages: the text of a scalar, or what kind of node it is.
    var shown: String {
        switch node {
        case .scalar(let scalar): return "\"\(scalar.string)\""
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        }
    }

    /// The node as text; an error for mappings and lists.
    func text(_ what: String = "text") throws(TemplateError) -> String {
        guard let text = scalarText else { throw error("expected \(what), found \(shown).") }
        return text
    }

    /// The node as a length with a unit (`mm`, `in`, `pt`), converted to points.
    func length() throws(TemplateError) -> Length {
        let raw = try text("a length such as 11pt, 3.9mm or 0.15in")
        switch LengthText.parse(raw) {
        case .success(let length): return length
        case .failure(.noUnit): throw error("\"\(raw)\" has no unit; write it like \(raw)pt, 3.9mm or 0.15in.")
        case .failure(.unknownUnit(let unit)):
            throw error("\"\(raw)\" has the unit \"\(unit)\"; the units are mm, in and pt (e.g. 3.9mm, 0.15in, 11pt).")
        case .failure(.notANumber):
            throw error("\"\(raw)\" is not a length; write a number and a unit, like 11pt, 3.9mm or 0.15in.")
        }
    }

    /// The node as a length greater than zero.
    func positiveLength() throws(TemplateError) -> Length {
        let value = try length()
        guard value.points > 0 else { throw error("\(shown) must be greater than zero.") }
        return value
    }

    /// The node as a plain whole number (no unit).
    func integer() throws(TemplateError) -> Int {
        let raw = try text("a whole number")
        guard let value = Int(raw.trimmingCharacters(in: .whitespaces)) else {
            throw error("\"\(raw)\" is not a whole number; write a plain number without a unit, like 3.")
        }
        return value
    }

    /// The node as a whole number in `range`.
    func integer(in range: ClosedRange<Int>, meaning: String) throws(TemplateError) -> Int {
        let value = try integer()
        guard range.contains(value) else {
            throw error("\(value) is out of range; \(meaning) must be from \(range.lowerBound) to \(range.upperBound).")
        }
        return value
    }

    /// The node as `true` or `false` (`yes`/`no` are accepted too).
    func bool() throws(TemplateError) -> Bool {
        let raw = try text("true or false")
        switch raw.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw error("\"\(raw)\" is not true or false; write true or false.")
        }
    }

    /// The node as one of `choices` (case-insensitive), listing them when it is not.
    func choice<Choice: RawRepresentable & CaseIterable>(_: Choice.Type, what: String) throws(TemplateError) -> Choice
    where Choice.RawValue == String {
        let raw = try text(what)
        if let match = Choice.allCases.first(where: { $0.rawValue.lowercased() == raw.lowercased() }) { return match }
        let allowed = Choice.allCases.map(\.rawValue).joined(separator: ", ")
        throw error("\"\(raw)\" is not a \(what); use one of \(allowed).")
    }

    /// The node as a mapping whose keys must be in `allowed`.
    func mapping(allowed: [String], what: String = "a mapping") throws(TemplateError) -> TemplateMapping {
        guard case .mapping(let mapping) = node else {
            throw error("expected \(what) with the keys \(allowed.joined(separator: ", ")), found \(shown).")
        }
        var pairs: [(key: String, node: TemplateNode)] = []
        for (key, value) in mapping {
            let keyNode = TemplateNode(node: key, path: path, file: file)
            guard let name = keyNode.scalarText else { throw keyNode.error("a key must be a plain name.") }
            let child = TemplateNode(node: value, path: TemplateNode.join(path, name), file: file)
            guard allowed.contains(name) else {
                let keyError = TemplateNode(node: key, path: child.path, file: file)
                throw keyError.error(
                    "\"\(name)\" is not a known key here; the keys allowed are \(allowed.joined(separator: ", ")).")
            }
            pairs.append((name, child))
        }
        return TemplateMapping(owner: self, pairs: pairs)
    }

    /// The node's items, for a list.
    func sequence(what: String) throws(TemplateError) -> [TemplateNode] {
        guard case .sequence(let sequence) = node else { throw error("expected a list of \(what), found \(shown).") }
        return sequence.enumerated().map { TemplateNode(node: $1, path: "\(path)[\($0)]", file: file) }
    }

    /// `parent.child`, or `child` at the top.
    static func join(_ parent: String, _ child: String) -> String { parent.isEmpty ? child : parent + "." + child }
}

/// A template mapping whose keys were checked, with lookups that report missing fields.
struct TemplateMapping {
    let owner: TemplateNode
    let pairs: [(key: String, node: TemplateNode)]

    /// The keys present, in file order.
    var keys: [String] { pairs.map(\.key) }

    /// The value of `key`, or `nil` when it is absent or null.
    func optional(_ key: String) -> TemplateNode? {
        guard let node = pairs.first(where: { $0.key == key })?.node, !node.isNull else { return nil }
        return node
    }

    /// The value of `key`, or an error saying it is missing and what it should hold.
    func required(_ key: String, _ hint: String) throws(TemplateError) -> TemplateNode {
        if let node = optional(key) { return node }
        let line = pairs.first(where: { $0.key == key })?.node.line ?? owner.line
        throw TemplateError(
            file: owner.file, line: line, field: TemplateNode.join(owner.path, key),
            message: "this field is missing; \(hint).")
    }
}
