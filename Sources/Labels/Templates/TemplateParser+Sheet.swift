extension TemplateParser {
    /// Page sizes a sheet may name instead of giving `{ width, height }`.
    public static let pageSizes: [(name: String, width: Length, height: Length)] = [
        ("letter", .inches(8.5), .inches(11)), ("legal", .inches(8.5), .inches(14)),
        ("a4", .millimetres(210), .millimetres(297)), ("a5", .millimetres(148), .millimetres(210)),
    ]

    /// `sheet:` with the page, the grid, the first label's corner and the pitch; the grid must fit the page.
    static func sheet(_ node: TemplateNode, checker: TemplateGeometry) throws(TemplateError) -> SheetLayout {
        let keys = try node.mapping(allowed: ["page", "rows", "columns", "top", "left", "pitch"], what: "a sheet")
        let pageNode = try keys.required("page", "write letter, a4, legal, a5 or { width: 8.5in, height: 11in }")
        let page = try self.page(pageNode)
        let rows = try keys.required("rows", "give the number of rows of labels").integer(in: 1...100, meaning: "rows")
        let columns = try keys.required("columns", "give the number of columns").integer(in: 1...50, meaning: "columns")
        let top = try keys.required("top", "give the distance from the page's top edge to the first label").length()
        let left = try keys.required("left", "give the distance from the page's left edge to the first label").length()
        let pitchNode = try keys.required("pitch", "write it like { horizontal: 2.75in, vertical: 1in }")
        let pitch = try pitchNode.mapping(allowed: ["horizontal", "vertical"])
        let template = checker.template
        let horizontal = try pitch.optional("horizontal")?.positiveLength() ?? template.width
        let vertical = try pitch.optional("vertical")?.positiveLength() ?? template.height
        let slack = TemplateGeometry.slack
        if columns > 1, horizontal.points < template.width.points - slack {
            throw pitchNode.error("the horizontal pitch \(horizontal) is less than the label width \(template.width).")
        }
        if rows > 1, vertical.points < template.height.points - slack {
            throw pitchNode.error("the vertical pitch \(vertical) is less than the label height \(template.height).")
        }
        guard top.points >= 0, left.points >= 0 else { throw node.error("top and left cannot be negative.") }
        let across = left + horizontal * Double(columns - 1) + template.width
        let down = top + vertical * Double(rows - 1) + template.height
        guard across.points <= page.width.points + slack, down.points <= page.height.points + slack else {
            throw node.error(
                "\(rows) rows x \(columns) columns reach \(across) across and \(down) down, past the "
                    + "\(page.width) x \(page.height) page; check rows, columns, top, left and pitch.")
        }
        return SheetLayout(
            pageWidth: page.width, pageHeight: page.height, rows: rows, columns: columns, top: top, left: left,
            horizontalPitch: horizontal, verticalPitch: vertical)
    }

    static func page(_ node: TemplateNode) throws(TemplateError) -> (width: Length, height: Length) {
        if let name = node.scalarText {
            guard let size = pageSizes.first(where: { $0.name == name.lowercased() }) else {
                let names = pageSizes.map(\.name).joined(separator: ", ")
                throw node.error("\"\(name)\" is not a page size; use \(names) or { width: 8.5in, height: 11in }.")
            }
            return (size.width, size.height)
        }
        let keys = try node.mapping(allowed: ["width", "height"], what: "a page size")
        return (
            try keys.required("width", "write it like 8.5in").positiveLength(),
            try keys.required("height", "write it like 11in").positiveLength()
        )
    }
}
