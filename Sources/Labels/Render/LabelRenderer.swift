import CCairo

/// Renders labels with Cairo: a vector PDF for printing and a PNG preview at the printer's
/// resolution, both drawn by the same code so the preview is what prints.
public struct LabelRenderer: Sendable {
    /// A renderer; it keeps no state, so one can be shared.
    public init() {}

    /// A PDF of `labels`: one label per page of the label's size for roll templates; for sheet
    /// templates the grid filled row by row, as many pages as needed.
    public func pdf(_ template: LabelTemplate, labels: [LabelData]) throws -> [UInt8] {
        try Self.checkSize(template)
        let output = CairoOutput()
        let pageWidth = template.pageWidth.points
        let pageHeight = template.pageHeight.points
        guard
            let surface = cairo_pdf_surface_create_for_stream(
                CairoOutput.write, output.closure, pageWidth, pageHeight)
        else { throw LabelRenderError.cairo("no PDF surface") }
        guard let context = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            throw LabelRenderError.cairo("no drawing context")
        }
        let measurer = CairoTextMeasurer()
        let builder = LabelLayoutBuilder(template: template, measurer: measurer)
        let painter = CairoPainter(context: context)
        do {
            let perPage = template.sheet?.labelsPerPage ?? 1
            for (index, label) in labels.enumerated() {
                let slot = index % max(perPage, 1)
                if index > 0 && slot == 0 { cairo_show_page(context) }
                let origin = Self.origin(of: slot, in: template)
                painter.draw(try builder.layout(label, originX: origin.x, originY: origin.y))
            }
            if labels.isEmpty { cairo_show_page(context) }
            try CairoOutput.check(cairo_status(context))
        } catch {
            cairo_destroy(context)
            cairo_surface_destroy(surface)
            throw error
        }
        cairo_destroy(context)
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        cairo_surface_destroy(surface)
        try CairoOutput.check(status)
        return output.bytes
    }

    /// A PNG of one label at the template's resolution (width x height dots), on white.
    public func png(_ template: LabelTemplate, label: LabelData) throws -> [UInt8] {
        try Self.checkSize(template)
        let widthDots = Int(template.width.dots(at: template.dpi).rounded())
        let heightDots = Int(template.height.dots(at: template.dpi).rounded())
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(widthDots), Int32(heightDots)) else {
            throw LabelRenderError.cairo("no image surface")
        }
        defer { cairo_surface_destroy(surface) }
        guard let context = cairo_create(surface) else { throw LabelRenderError.cairo("no drawing context") }
        defer { cairo_destroy(context) }
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        let scale = Double(template.dpi) / 72
        cairo_scale(context, scale, scale)
        let measurer = CairoTextMeasurer()
        let layout = try LabelLayoutBuilder(template: template, measurer: measurer).layout(label)
        CairoPainter(context: context).draw(layout)
        try CairoOutput.check(cairo_status(context))
        cairo_surface_flush(surface)
        let output = CairoOutput()
        try CairoOutput.check(cairo_surface_write_to_png_stream(surface, CairoOutput.write, output.closure))
        return output.bytes
    }

    /// The layout of one label (text fitted, barcodes placed in dots), as the renderers draw it.
    public func layout(_ template: LabelTemplate, label: LabelData) throws -> LabelLayout {
        try Self.checkSize(template)
        return try LabelLayoutBuilder(template: template, measurer: CairoTextMeasurer()).layout(label)
    }

    /// How `text` fits `element` (lines, size, ellipsis), measured with the fonts the renderers use.
    public func fit(_ text: String, in element: TextElement) -> TextLayout {
        CairoTextMeasurer().fitter(for: element).fit(text, in: element)
    }

    /// The top-left corner of the label in grid slot `slot` (row by row), in page points.
    static func origin(of slot: Int, in template: LabelTemplate) -> (x: Double, y: Double) {
        guard let sheet = template.sheet, sheet.columns > 0 else { return (0, 0) }
        let row = slot / sheet.columns
        let column = slot % sheet.columns
        return (
            sheet.left.points + Double(column) * sheet.horizontalPitch.points,
            sheet.top.points + Double(row) * sheet.verticalPitch.points
        )
    }

    static func checkSize(_ template: LabelTemplate) throws {
        guard template.width.points > 0, template.height.points > 0, template.dpi > 0,
            template.pageWidth.points > 0, template.pageHeight.points > 0
        else { throw LabelRenderError.badTemplateSize(template: template.name) }
    }
}
