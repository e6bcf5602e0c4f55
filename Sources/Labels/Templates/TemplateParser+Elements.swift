import Foundation

extension TemplateParser {
    /// The kinds of element a template may list.
    public static let elementKinds = ["text", "barcode", "line", "box"]
    static let textKeys = [
        "text", "frame", "font", "size", "min_size", "weight", "align", "max_lines", "wrap", "shrink", "strikethrough",
    ]
    static let barcodeKeys = ["barcode", "symbology", "frame", "module", "min_module", "fallback", "human_readable"]

    /// One entry of `elements`: a mapping whose kind key (`text`, `barcode`, `line`, `box`) says what it is.
    static func element(_ node: TemplateNode, checker: TemplateGeometry) throws(TemplateError) -> LabelElement {
        guard case .mapping(let mapping) = node.node else {
            throw node.error(
                "expected an element (a mapping starting with text, barcode, line or box), found \(node.shown).")
        }
        let names = mapping.compactMap { $0.key.string }
        let kinds = names.filter { elementKinds.contains($0) }
        guard let kind = kinds.first else {
            let first = names.first ?? ""
            let line = mapping.first?.key.mark?.line ?? node.line
            throw TemplateError(
                file: node.file, line: line, field: node.path,
                message: "\"\(first)\" is not an element kind; use one of \(elementKinds.joined(separator: ", ")).")
        }
        guard kinds.count == 1 else {
            throw node.error("has both \(kinds.joined(separator: " and ")); write each as its own element.")
        }
        switch kind {
        case "text": return .text(try text(node, checker: checker))
        case "barcode": return .barcode(try barcode(node, checker: checker))
        case "line": return .line(try line(node, checker: checker))
        default: return .box(try box(node, checker: checker))
        }
    }

    static func text(_ node: TemplateNode, checker: TemplateGeometry) throws(TemplateError) -> TextElement {
        let keys = try node.mapping(allowed: textKeys, what: "a text element")
        let contentNode = try keys.required("text", "write the text, with fields like {{item.name}}")
        let content = try contentNode.text()
        try checkFields(content, at: contentNode)
        let frameNode = try keys.required("frame", "give the frame, like { x: 1mm, y: 1mm, width: 30mm, height: 8mm }")
        let frame = try self.frame(frameNode)
        try checker.check(frame, at: frameNode)
        var element = TextElement(frame: frame, content: content)
        if let font = try keys.optional("font")?.text("a font family such as DejaVu Sans") { element.font = font }
        if let size = try keys.optional("size")?.positiveLength() { element.size = size.points }
        element.shrinkToFit = try keys.optional("shrink")?.bool() ?? true
        element.minimumSize = element.shrinkToFit ? min(6, element.size) : element.size
        if let minNode = keys.optional("min_size") {
            element.minimumSize = try minNode.positiveLength().points
            guard element.minimumSize <= element.size + TemplateGeometry.slack else {
                throw minNode.error("\(minNode.shown) is larger than the size (\(element.size)pt); make it smaller.")
            }
        }
        if let weight = keys.optional("weight") {
            element.weight = try weight.choice(TextElement.Weight.self, what: "weight")
        }
        if let align = keys.optional("align") {
            element.alignment = try align.choice(TextElement.Alignment.self, what: "alignment")
        }
        if let lines = keys.optional("max_lines") {
            element.maxLines = try lines.integer(in: 1...20, meaning: "max_lines")
        }
        element.wrap = try keys.optional("wrap")?.bool() ?? (element.maxLines > 1)
        element.strikethrough = try keys.optional("strikethrough")?.bool() ?? false
        return element
    }

    static func barcode(_ node: TemplateNode, checker: TemplateGeometry) throws(TemplateError) -> BarcodeElement {
        let keys = try node.mapping(allowed: barcodeKeys, what: "a barcode element")
        let symbology =
            try keys.optional("symbology")?.choice(BarcodeElement.Symbology.self, what: "symbology") ?? .auto
        let content = try keys.optional("barcode")?.text() ?? ""
        if let contentNode = keys.optional("barcode") { try checkFields(content, at: contentNode) }
        if content.isEmpty, symbology != .auto {
            let field = TemplateNode.join(node.path, "barcode")
            throw TemplateError(
                file: node.file, line: node.line, field: field,
                message: "a \(symbology.rawValue) barcode needs data, like barcode: \"{{gtin}}\" or \"{{sku}}\" "
                    + "(only symbology auto may leave it empty).")
        }
        let frameNode = try keys.required(
            "frame", "give the frame, like { x: 1mm, y: 12mm, width: 48mm, height: 12mm }")
        let frame = try self.frame(frameNode)
        try checker.check(frame, at: frameNode)
        let defaultModule = max(1, Int((Length.millimetres(0.33).dots(at: checker.template.dpi)).rounded()))
        let module = try keys.optional("module")?.integer(in: 1...20, meaning: "module (printer dots per bar)")
        let minimum = try keys.optional("min_module")?.integer(
            in: 1...(module ?? defaultModule), meaning: "min_module (the narrowest module, at most module)")
        var fallbacks: [BarcodeElement.Symbology] = []
        for item in try keys.optional("fallback")?.sequence(what: "symbologies such as [code-128, qr]") ?? [] {
            let fallback = try item.choice(BarcodeElement.Symbology.self, what: "fallback symbology")
            guard fallback != .auto else { throw item.error("auto cannot be a fallback; name a symbology.") }
            fallbacks.append(fallback)
        }
        let element = BarcodeElement(
            frame: frame, symbology: symbology, content: content, moduleDots: module ?? defaultModule,
            humanReadable: try keys.optional("human_readable")?.bool() ?? true, minimumModuleDots: minimum,
            fallbacks: fallbacks)
        try checker.checkFits(
            element, at: TemplateNode(node: frameNode.node, path: frameNode.path + ".width", file: node.file))
        return element
    }

    static func line(_ node: TemplateNode, checker: TemplateGeometry) throws(TemplateError) -> LineElement {
        let outer = try node.mapping(allowed: ["line"], what: "a line element")
        let keys = try outer.required("line", "give its ends, like { from: [0mm, 10mm], to: [50mm, 10mm] }")
            .mapping(allowed: ["from", "to", "thickness"])
        let from = try point(keys.required("from", "write it like [0mm, 10mm]"), checker: checker)
        let to = try point(keys.required("to", "write it like [50mm, 10mm]"), checker: checker)
        let thickness = try keys.optional("thickness")?.positiveLength() ?? .points(0.5)
        return LineElement(x1: from.x, y1: from.y, x2: to.x, y2: to.y, thickness: thickness)
    }

    static func box(_ node: TemplateNode, checker: TemplateGeometry) throws(TemplateError) -> BoxElement {
        let outer = try node.mapping(allowed: ["box"], what: "a box element")
        let keys = try outer.required(
            "box", "give its frame, like { frame: { x: 0mm, y: 0mm, width: 50mm, height: 25mm } }"
        )
        .mapping(allowed: ["frame", "thickness", "filled"])
        let frameNode = try keys.required("frame", "give the frame, like { x: 1mm, y: 1mm, width: 30mm, height: 8mm }")
        let frame = try self.frame(frameNode)
        try checker.check(frame, at: frameNode)
        let thickness = try keys.optional("thickness")?.positiveLength() ?? .points(0.5)
        return BoxElement(frame: frame, thickness: thickness, filled: try keys.optional("filled")?.bool() ?? false)
    }

    /// `{ x: 1mm, y: 1mm, width: 30mm, height: 8mm }`, from the label's top-left corner.
    static func frame(_ node: TemplateNode) throws(TemplateError) -> LabelRect {
        let keys = try node.mapping(allowed: ["x", "y", "width", "height"], what: "a frame")
        let hint = "a frame needs x, y, width and height, each with a unit"
        return LabelRect(
            x: try keys.required("x", hint).length(), y: try keys.required("y", hint).length(),
            width: try keys.required("width", hint).positiveLength(),
            height: try keys.required("height", hint).positiveLength())
    }

    /// `[x, y]`, checked against the safe area.
    static func point(_ node: TemplateNode, checker: TemplateGeometry) throws(TemplateError) -> (x: Length, y: Length) {
        let items = try node.sequence(what: "two lengths, like [0mm, 10mm]")
        guard items.count == 2 else { throw node.error("expected two lengths [x, y], like [0mm, 10mm].") }
        let point = (x: try items[0].length(), y: try items[1].length())
        try checker.check(x: point.x, y: point.y, at: node)
        return point
    }

    static func checkFields(_ content: String, at node: TemplateNode) throws(TemplateError) {
        do {
            _ = try LabelField.validate(content)
        } catch {
            throw node.error(error.description)
        }
    }
}
