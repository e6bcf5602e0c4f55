import CCairo

/// Draws a `LabelLayout` on a Cairo context whose user space is page points. The PDF and the PNG
/// preview both come from here.
struct CairoPainter {
    let context: OpaquePointer

    init(context: OpaquePointer) {
        self.context = context
        CairoTextMeasurer.configure(context)
    }

    func draw(_ layout: LabelLayout) {
        cairo_set_source_rgb(context, 0, 0, 0)
        for item in layout.items {
            switch item {
            case .text(let text): draw(text)
            case .barcode(let barcode): draw(barcode, dpi: layout.dpi)
            case .line(let line): draw(line)
            case .box(let box): draw(box)
            }
        }
    }

    private func draw(_ text: PlacedText) {
        guard !text.layout.lines.isEmpty else { return }
        let size = text.layout.size
        CairoTextMeasurer.select(context, font: text.font, weight: text.weight, size: size)
        var fontExtents = cairo_font_extents_t()
        cairo_font_extents(context, &fontExtents)
        let frame = text.frame
        for (index, line) in text.layout.lines.enumerated() {
            var extents = cairo_text_extents_t()
            cairo_text_extents(context, line, &extents)
            let width = extents.x_advance
            let x: Double
            switch text.alignment {
            case .left: x = frame.x.points
            case .center: x = frame.x.points + (frame.width.points - width) / 2
            case .right: x = frame.x.points + frame.width.points - width
            }
            let baseline = frame.y.points + Double(index) * text.layout.lineHeight + fontExtents.ascent
            cairo_move_to(context, x, baseline)
            cairo_show_text(context, line)
            if text.strikethrough {
                let thickness = max(size * 0.07, 0.5)
                cairo_rectangle(context, x, baseline - size * 0.3 - thickness / 2, width, thickness)
                cairo_fill(context)
            }
        }
    }

    /// How far each bar edge is pulled in, in printer dots. A bar from dot n to dot n+k is drawn from
    /// n+0.1 to n+k-0.1: rasterisers that fill a dot whose centre is inside (Cairo, poppler) still fill
    /// exactly its k dots, and so does Ghostscript in CUPS's filters, which fills every dot a shape
    /// touches and, without the inset, widened bars by a dot wherever rounding put an edge a hair past
    /// a dot boundary (an EAN-13 printed through a Zebra queue did not scan).
    static let barEdgeInsetDots = 0.1

    private func draw(_ barcode: PlacedBarcode, dpi: Int) {
        let pointsPerDot = 72 / Double(dpi)
        let inset = Self.barEdgeInsetDots * pointsPerDot
        let module = barcode.moduleDots
        if barcode.symbol.isLinear {
            for bar in barcode.symbol.bars {
                let x = Double(barcode.leftDots + bar.start * module) * pointsPerDot
                let width = Double(bar.count * module) * pointsPerDot
                cairo_rectangle(
                    context, x + inset, Double(barcode.topDots) * pointsPerDot, width - 2 * inset,
                    Double(barcode.heightDots) * pointsPerDot)
            }
        } else {
            for (row, modules) in barcode.symbol.modules.enumerated() {
                let y = Double(barcode.topDots + row * module) * pointsPerDot
                var index = 0
                while index < modules.count {
                    guard modules[index] else {
                        index += 1
                        continue
                    }
                    let start = index
                    while index < modules.count && modules[index] { index += 1 }
                    let x = Double(barcode.leftDots + start * module) * pointsPerDot
                    let width = Double((index - start) * module) * pointsPerDot
                    // Rows are drawn edge to edge (an inset there leaves faint lines between rows).
                    cairo_rectangle(context, x + inset, y, width - 2 * inset, Double(module) * pointsPerDot)
                }
            }
        }
        cairo_fill(context)
        if let text = barcode.humanReadable { draw(text) }
    }

    private func draw(_ line: PlacedLine) {
        cairo_set_line_width(context, line.thickness)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
        cairo_move_to(context, line.x1, line.y1)
        cairo_line_to(context, line.x2, line.y2)
        cairo_stroke(context)
    }

    private func draw(_ box: PlacedBox) {
        let frame = box.frame
        if box.filled {
            cairo_rectangle(context, frame.x.points, frame.y.points, frame.width.points, frame.height.points)
            cairo_fill(context)
            return
        }
        // The outline sits inside the frame.
        let half = box.thickness / 2
        cairo_set_line_width(context, box.thickness)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_MITER)
        cairo_rectangle(
            context, frame.x.points + half, frame.y.points + half, frame.width.points - box.thickness,
            frame.height.points - box.thickness)
        cairo_stroke(context)
    }
}
