import CatalogCore
import Foundation
import Labels
import Store
import Sync
import Yams

/// Reads `config.yaml` so that every mistake is named by file, line and key: YAML that does not parse, a
/// key `catalog` does not know (a misspelt `databse:` would otherwise be ignored), a value of the wrong
/// kind, and a value outside what the setting allows. Every such error exits 78.
public enum ConfigCheck {
    /// The keys each section knows; `nil` marks a section whose keys are the user's own (category names).
    public static let sections: [String: Set<String>?] = [
        "": ["database", "counter", "location", "square", "labels", "reorder", "codes", "scale"],
        "square": ["environment", "base_url", "access_token_file", "version"],
        "labels": ["template", "printer", "rounding", "discounts", "price_display", "unit_price"],
        "labels.discounts": nil,
        "reorder": ["par_factor", "paper"],
        "codes": ["prefix"],
        "scale": ["prefix", "plu_digits", "value", "decimals"],
    ]

    /// A mistake in the file, at a line when one is known.
    public struct Problem: Error {
        public var line: Int?
        public var message: String

        public func error(path: String) -> AppError {
            let place = line.map { "\(path), line \($0)" } ?? path
            return AppError("\(place): \(message)", exitCode: .configuration)
        }
    }

    /// The configuration in `text`, checked.
    public static func read(_ text: String, path: String) throws -> ConfigFile {
        do {
            guard let root = try Yams.compose(yaml: text) else { return ConfigFile() }
            guard case .mapping = root else {
                throw Problem(
                    line: root.mark?.line, message: "the file must be a list of settings like “database: PATH”.")
            }
            try checkKeys(root, section: "")
            let file: ConfigFile
            do {
                file = try YAMLDecoder().decode(ConfigFile.self, from: text)
            } catch let error as DecodingError {
                throw problem(error, root: root)
            }
            try checkValues(file, root: root)
            return file
        } catch let problem as Problem {
            throw problem.error(path: path)
        } catch let error as YamlError {
            throw Problem(line: mark(of: error)?.line, message: "this is not valid YAML: \(summary(of: error)).")
                .error(path: path)
        }
    }

    /// Refuses keys a section does not know, suggesting the nearest known one.
    public static func checkKeys(_ node: Node, section: String) throws {
        guard case .mapping(let mapping) = node, let known = sections[section] else { return }
        for (key, value) in mapping {
            let name = key.string ?? ""
            let path = section.isEmpty ? name : "\(section).\(name)"
            if let known, !known.contains(name) {
                let near = known.min { Typos.distance(name, $0, limit: 3) < Typos.distance(name, $1, limit: 3) }
                let hint = near.flatMap { Typos.distance(name, $0, limit: 3) <= 2 ? " Did you mean “\($0)”?" : nil }
                let place = section.isEmpty ? "" : " under \(section):"
                throw Problem(
                    line: key.mark?.line,
                    message: "unknown key “\(name)”\(place).\(hint ?? "") The keys here are "
                        + known.sorted().joined(separator: ", ") + ".")
            }
            // A list of settings (scale: - {prefix: ...}): each entry's keys are the section's.
            if sections.keys.contains(path), case .sequence(let entries) = value {
                for entry in entries { try checkKeys(entry, section: path) }
                continue
            }
            if sections.keys.contains(path) {
                guard case .mapping = value else {
                    if case .scalar(let scalar) = value, scalar.string.isEmpty || scalar.string == "~" { continue }
                    throw Problem(line: value.mark?.line, message: "“\(path)” holds settings, like “\(path): {…}”.")
                }
                try checkKeys(value, section: path)
            }
        }
    }

    /// A decoding error as a line and a sentence about the key.
    public static func problem(_ error: DecodingError, root: Node) -> Problem {
        let keys: [CodingKey]
        let expected: String
        switch error {
        case .typeMismatch(let type, let context):
            keys = context.codingPath
            expected = type == Double.self ? "a number" : type == String.self ? "text" : "\(type)"
        case .valueNotFound(let type, let context):
            keys = context.codingPath
            expected = type == Double.self ? "a number" : "a value"
        case .dataCorrupted(let context):
            keys = context.codingPath
            expected = "a valid value"
        case .keyNotFound(_, let context):
            keys = context.codingPath
            expected = "a value"
        @unknown default:
            return Problem(line: nil, message: "\(error)")
        }
        let names = keys.map { $0.intValue.map(String.init) ?? $0.stringValue }
        let node = find(names, in: root)
        let shown = node?.string.map { ", not “\($0)”" } ?? ""
        return Problem(line: node?.mark?.line, message: "\(names.joined(separator: ".")) must be \(expected)\(shown).")
    }

    /// The node at `path` (keys from the root), if there is one.
    public static func find(_ path: [String], in root: Node) -> Node? {
        var node = root
        for name in path {
            guard case .mapping(let mapping) = node,
                let next = mapping.first(where: { $0.key.string == name })?.value
            else { return nil }
            node = next
        }
        return node
    }

    /// Values that parse but that no setting allows.
    public static func checkValues(_ file: ConfigFile, root: Node) throws {
        func fail(_ path: String, _ message: String) -> Problem {
            Problem(line: find(path.split(separator: ".").map(String.init), in: root)?.mark?.line, message: message)
        }
        if let name = file.square?.environment, !Settings.environmentNames.contains(name.lowercased()) {
            throw fail("square.environment", "square.environment is “\(name)”; it must be production or sandbox.")
        }
        if let text = file.square?.baseURL {
            guard Settings.squareAddress(text) != nil else {
                throw fail(
                    "square.base_url",
                    "square.base_url “\(text)” is not a Square API address; give one like "
                        + "https://connect.squareup.com or http://127.0.0.1:8765.")
            }
        }
        if let version = file.square?.version, !Settings.isSquareVersion(version) {
            throw fail("square.version", "square.version “\(version)” is not a date like 2025-08-20.")
        }
        if let factor = file.reorder?.parFactor, !ReorderSuggester.parFactors.contains(factor) {
            throw fail("reorder.par_factor", "reorder.par_factor must be between 1 and 100, not \(factor).")
        }
        if let paper = file.reorder?.paper, PurchaseList.Paper(rawValue: paper.lowercased()) == nil {
            throw fail("reorder.paper", "reorder.paper “\(paper)” is not known: use letter or a4.")
        }
        if let rounding = file.labels?.rounding {
            do { _ = try SaleRounding.parse(rounding) } catch {
                throw fail("labels.rounding", "labels.rounding: \(error.description)")
            }
        }
        var layouts: [ScaleLayout] = []
        for layout in file.scale ?? [] {
            if let problem = layout.problem { throw fail("scale", "scale: \(problem).") }
            if let other = layouts.first(where: { $0.overlaps(prefix: layout.prefix) }) {
                throw fail(
                    "scale",
                    "scale: the prefixes \(other.prefix) and \(layout.prefix) overlap, so a code could be read both "
                        + "ways; give each layout a prefix of its own.")
            }
            layouts.append(layout)
        }
        if let prefix = file.codes?.prefix, let layout = layouts.first(where: { $0.overlaps(prefix: prefix) }) {
            throw fail(
                "codes.prefix",
                "codes.prefix \(prefix) overlaps the scale prefix \(layout.prefix); in-store codes need a prefix the "
                    + "scale does not use.")
        }
        if let display = file.labels?.priceDisplay {
            do { _ = try LabelRequest.PriceDisplay.parse(display) } catch {
                throw fail("labels.price_display", "labels.price_display: \(error.description)")
            }
        }
        var kinds = Set<MeasureKind>()
        for text in file.labels?.unitPrice ?? [] {
            guard let basis = UnitBasis(text: text), kinds.insert(basis.kind).inserted else {
                throw fail(
                    "labels.unit_price",
                    "labels.unit_price “\(text)” is not a basis, or a second one of its kind: list at most one per "
                        + "kind from \(UnitBasis.names), like [kg, l].")
            }
        }
        if let discounts = file.labels?.discounts {
            do { _ = try CategoryDiscounts(parsing: discounts) } catch {
                throw fail("labels.discounts", "labels.discounts: \(error.description)")
            }
        }
    }

    public static func mark(of error: YamlError) -> Mark? {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _): return mark
        default: return nil
        }
    }

    public static func summary(of error: YamlError) -> String {
        switch error {
        case .scanner(_, let problem, _, _), .parser(_, let problem, _, _): return problem
        default: return "\(error)".split(separator: "\n").first.map(String.init) ?? "unreadable"
        }
    }
}
