import CatalogCore
import Foundation
import Yams

/// Reads a label template from YAML (see `Labels/README.md` for the format).
///
/// Every error is a `TemplateError` naming the file, the line and the field. Frames are measured
/// from the label's top-left corner and must lie inside the safe area.
public enum TemplateParser {
    /// The keys a template may have at its top level.
    public static let topLevelKeys = [
        "summary", "size", "dpi", "safe_area", "elements", "sheet", "media", "unit_price",
    ]
    /// The printer resolutions a template may ask for.
    public static let dpiRange = 100...1200

    /// Reads the template in the file at `path`; its name is the file name without `.yaml`.
    public static func parse(contentsOf path: String, name: String? = nil) throws(TemplateError) -> LabelTemplate {
        let url = URL(fileURLWithPath: path)
        let templateName = name ?? url.deletingPathExtension().lastPathComponent
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            let reason =
                FileManager.default.fileExists(atPath: path) ? "cannot be read as UTF-8 text" : "does not exist"
            throw TemplateError(file: path, message: "the file \(reason). Check the path given to --template.")
        }
        return try parse(text, name: templateName, file: path)
    }

    /// Reads a template from YAML text; `file` is what errors and `LabelTemplate.source` show.
    public static func parse(_ yaml: String, name: String, file: String) throws(TemplateError) -> LabelTemplate {
        let root = TemplateNode(node: try compose(yaml, file: file), path: "", file: file)
        let top = try root.mapping(allowed: topLevelKeys, what: "a template")
        let summary = try top.optional("summary")?.text() ?? ""
        let size = try top.required("size", "give the label size, like size: { width: 2in, height: 1in }")
            .mapping(allowed: ["width", "height"])
        let width = try size.required("width", "write it like 2in or 50.8mm").positiveLength()
        let height = try size.required("height", "write it like 1in or 25.4mm").positiveLength()
        let dpiNode = try top.required("dpi", "give the printer's resolution, like dpi: 203 or dpi: 300")
        let dpi = try dpiNode.integer(in: dpiRange, meaning: "dpi")
        let safeArea = try top.optional("safe_area").map { node throws(TemplateError) in try insets(node) }
        let media = try top.optional("media")?.text("a PWG media name such as na_letter_8.5x11in")
        var template = LabelTemplate(
            name: name, summary: summary, source: file, width: width, height: height, dpi: dpi,
            safeArea: safeArea ?? LabelInsets(), elements: [], media: media)
        if let node = top.optional("unit_price") {
            template.unitPricePer = try unitBases(node)
        }
        let checker = TemplateGeometry(template: template)
        if let sheetNode = top.optional("sheet") {
            template.sheet = try sheet(sheetNode, checker: checker)
        }
        let sizeNode = try top.required("size", "give the label size")
        try checker.checkSafeArea(at: top.optional("safe_area") ?? sizeNode)
        let list = try top.required("elements", "list what the label shows (text, barcode, line, box)")
            .sequence(what: "elements (text, barcode, line, box)")
        guard !list.isEmpty else {
            throw TemplateError(
                file: file, line: top.optional("elements")?.line, field: "elements",
                message: "the list is empty; add at least one text, barcode, line or box.")
        }
        for node in list {
            template.elements.append(try element(node, checker: checker))
        }
        return template
    }

    /// Yams' node tree, or a `TemplateError` with the line Yams reports.
    static func compose(_ yaml: String, file: String) throws(TemplateError) -> Node {
        let node: Node?
        do {
            node = try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            throw syntaxError(error, file: file)
        } catch {
            throw TemplateError(file: file, message: "is not valid YAML (\(error)).")
        }
        guard let node else {
            throw TemplateError(file: file, message: "the file is empty; a template needs size, dpi and elements.")
        }
        return node
    }

    static func syntaxError(_ error: YamlError, file: String) -> TemplateError {
        func make(_ problem: String, _ mark: Mark) -> TemplateError {
            TemplateError(
                file: file, line: mark.line,
                message: "YAML syntax error: \(problem) (column \(mark.column)). Check the indentation and quotes.")
        }
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
            .composer(_, let problem, let mark, _):
            return make(problem, mark)
        case .duplicatedKeysInMapping(let duplicates, let context):
            return TemplateError(
                file: file, line: context.mark.line,
                message: "the key \(duplicates.joined(separator: ", ")) appears twice in one mapping; keep one.")
        default:
            return TemplateError(file: file, message: "is not valid YAML: \(error).")
        }
    }

    /// `unit_price: [100g, 100ml]`: what `{{unit_price}}` is per, at most one basis for each kind.
    static func unitBases(_ node: TemplateNode) throws(TemplateError) -> [UnitBasis] {
        var bases: [UnitBasis] = []
        for item in try node.sequence(what: "bases such as [kg, l] or [100g, 100ml]") {
            let text = try item.text("one of \(UnitBasis.names)")
            guard let basis = UnitBasis(text: text) else {
                throw item.error("\(item.shown) is not a unit price basis; write one of \(UnitBasis.names).")
            }
            guard !bases.contains(where: { $0.kind == basis.kind }) else {
                throw item.error("\(item.shown) is a second \(basis.kind.rawValue) basis; give one per kind.")
            }
            bases.append(basis)
        }
        return bases
    }

    /// `safe_area: 1.5mm` or `safe_area: { top: 1mm, left: 2mm, bottom: 1mm, right: 2mm }`.
    static func insets(_ node: TemplateNode) throws(TemplateError) -> LabelInsets {
        if node.scalarText != nil {
            let all = try node.length()
            guard all.points >= 0 else { throw node.error("\(node.shown) cannot be negative.") }
            return .all(all)
        }
        let sides = try node.mapping(allowed: ["top", "left", "bottom", "right"], what: "a length or a mapping")
        func side(_ key: String) throws(TemplateError) -> Length {
            guard let value = sides.optional(key) else { return .zero }
            let length = try value.length()
            guard length.points >= 0 else { throw value.error("\(value.shown) cannot be negative.") }
            return length
        }
        return LabelInsets(
            top: try side("top"), left: try side("left"), bottom: try side("bottom"), right: try side("right"))
    }
}
