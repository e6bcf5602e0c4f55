/// Checks that what a template draws stays on the label, inside its safe area, and that barcodes can fit.
struct TemplateGeometry {
    let template: LabelTemplate

    /// Lengths are compared with this much slack (a thousandth of a millimetre), so `50.8mm` equals `2in`.
    static let slack = 0.003

    private var safe: LabelInsets { template.safeArea }
    private var right: Length { template.width - safe.right }
    private var bottom: Length { template.height - safe.bottom }

    /// The safe area must leave room on the label.
    func checkSafeArea(at node: TemplateNode) throws(TemplateError) {
        guard safe.left + safe.right < template.width, safe.top + safe.bottom < template.height else {
            throw node.error(
                "the safe area leaves no room on a \(template.width) x \(template.height) label; make it smaller.")
        }
    }

    /// A frame must lie inside the safe area (frames are measured from the label's top-left corner).
    func check(_ frame: LabelRect, at node: TemplateNode) throws(TemplateError) {
        let area =
            "the safe area runs from \(safe.left) to \(right) across and \(safe.top) to \(bottom) down, "
            + "measured from the label's top-left corner"
        if frame.x.points < safe.left.points - Self.slack || frame.y.points < safe.top.points - Self.slack {
            throw node.error("the frame starts at (\(frame.x), \(frame.y)), outside the safe area; \(area).")
        }
        if (frame.x + frame.width).points > right.points + Self.slack {
            throw node.error("the frame ends at \(frame.x + frame.width) across, outside the safe area; \(area).")
        }
        if (frame.y + frame.height).points > bottom.points + Self.slack {
            throw node.error("the frame ends at \(frame.y + frame.height) down, outside the safe area; \(area).")
        }
    }

    /// A line's end must lie inside the safe area.
    func check(x: Length, y: Length, at node: TemplateNode) throws(TemplateError) {
        let inside =
            x.points >= safe.left.points - Self.slack && x.points <= right.points + Self.slack
            && y.points >= safe.top.points - Self.slack && y.points <= bottom.points + Self.slack
        guard inside else {
            throw node.error(
                "the point (\(x), \(y)) is outside the safe area, which runs from \(safe.left) to \(right) across "
                    + "and \(safe.top) to \(bottom) down.")
        }
    }

    /// The smallest symbol a barcode element can produce must fit its frame at its module width.
    ///
    /// EAN-13 and UPC-A are always 113 modules wide with their quiet zones; `auto` is at least that
    /// (a Code 128 of a SKU may need more: the renderer checks the real data). A QR code is at least
    /// 21 + 8 modules square, a Data Matrix 10 + 2. Code 128 depends on its data, so only the renderer can tell.
    func checkFits(_ barcode: BarcodeElement, at node: TemplateNode) throws(TemplateError) {
        let minimum: (modules: Int, square: Bool)
        switch barcode.symbology {
        case .ean13, .upcA, .auto: minimum = (113, false)
        case .qr: minimum = (29, true)
        case .dataMatrix: minimum = (12, true)
        case .code128: return
        }
        let needed = minimum.modules * barcode.moduleDots
        let frameWidth = Int((barcode.frame.width.dots(at: template.dpi) + 0.01).rounded(.down))
        let frameHeight = Int((barcode.frame.height.dots(at: template.dpi) + 0.01).rounded(.down))
        let neededLength = Length.inches(Double(needed) / Double(template.dpi))
        let name = barcode.symbology == .auto ? "an EAN-13 (what auto prints for a GTIN)" : barcode.symbology.rawValue
        if frameWidth < needed {
            throw node.error(
                "the frame is \(frameWidth) dots wide at \(template.dpi) dpi, but \(name) needs "
                    + "\(minimum.modules) modules with its quiet zones = \(needed) dots (\(neededLength)) "
                    + "at module \(barcode.moduleDots). Make the frame wider or the module smaller.")
        }
        if minimum.square, frameHeight < needed {
            throw node.error(
                "the frame is \(frameHeight) dots high at \(template.dpi) dpi, but \(name) needs at least "
                    + "\(needed) dots (\(neededLength)) at module \(barcode.moduleDots). "
                    + "Make the frame taller or the module smaller.")
        }
    }
}
