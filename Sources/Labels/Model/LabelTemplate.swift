import CatalogCore

/// One label design: its size, the printer resolution it is drawn for, its safe area, what it shows,
/// and for label sheets the grid that puts many labels on one page.
public struct LabelTemplate: Sendable, Hashable {
    /// The template's name (its file name without `.yaml`), as `--template` takes it.
    public var name: String
    /// One line saying what it is for, e.g. "2 x 1 in shelf tag for 203 dpi thermal printers".
    public var summary: String
    /// The file it was read from, when it came from one.
    public var source: String?
    /// The size of one label.
    public var width: Length
    public var height: Length
    /// The printer's resolution: barcodes are drawn in whole dots of it, the PNG preview is rendered at it.
    public var dpi: Int
    /// Space inside the label's edges that nothing may be drawn in.
    public var safeArea: LabelInsets
    /// What is drawn, in order (later elements on top).
    public var elements: [LabelElement]
    /// For label sheets: how labels sit on a page; `nil` for one label per page (roll printers).
    public var sheet: SheetLayout?
    /// The PWG media name to ask CUPS for, when the size alone is not enough (e.g. `na_letter_8.5x11in`).
    public var media: String?
    /// What `{{unit_price}}` is per, one basis per kind (`[100g, 100ml]`); empty leaves it to the config.
    public var unitPricePer: [UnitBasis] = []

    /// What a heading label (`LabelData.isHeading`) draws inside the safe area: its group large and bold in the
    /// upper part, its count under it.
    public var headingElements: [LabelElement] {
        let left = safeArea.left
        let top = safeArea.top
        let width = width - safeArea.left - safeArea.right
        let height = height - safeArea.top - safeArea.bottom
        let title = TextElement(
            frame: LabelRect(x: left, y: top, width: width, height: height * 0.62), content: "{{item.name}}",
            size: max(10, height.points * 0.4), minimumSize: 6, weight: .bold, alignment: .center)
        let detail = TextElement(
            frame: LabelRect(x: left, y: top + height * 0.64, width: width, height: height * 0.36),
            content: "{{variation.name}}", size: max(7, height.points * 0.2), minimumSize: 5, alignment: .center)
        return [.text(title), .text(detail)]
    }

    public init(
        name: String, summary: String = "", source: String? = nil, width: Length, height: Length, dpi: Int,
        safeArea: LabelInsets = LabelInsets(), elements: [LabelElement], sheet: SheetLayout? = nil,
        media: String? = nil
    ) {
        self.name = name
        self.summary = summary
        self.source = source
        self.width = width
        self.height = height
        self.dpi = dpi
        self.safeArea = safeArea
        self.elements = elements
        self.sheet = sheet
        self.media = media
    }

    /// The page size a print job uses: the sheet's page, or the label itself.
    public var pageWidth: Length { sheet?.pageWidth ?? width }
    public var pageHeight: Length { sheet?.pageHeight ?? height }
}

/// How labels sit on a sheet: a grid of `rows` x `columns`, the first label's top-left corner at
/// (`left`, `top`), and the distance from one label's corner to the next (`pitch`).
public struct SheetLayout: Sendable, Hashable {
    public var pageWidth: Length
    public var pageHeight: Length
    public var rows: Int
    public var columns: Int
    public var top: Length
    public var left: Length
    public var horizontalPitch: Length
    public var verticalPitch: Length

    public init(
        pageWidth: Length, pageHeight: Length, rows: Int, columns: Int, top: Length, left: Length,
        horizontalPitch: Length, verticalPitch: Length
    ) {
        self.pageWidth = pageWidth
        self.pageHeight = pageHeight
        self.rows = rows
        self.columns = columns
        self.top = top
        self.left = left
        self.horizontalPitch = horizontalPitch
        self.verticalPitch = verticalPitch
    }

    /// Labels per page.
    public var labelsPerPage: Int { rows * columns }
}
