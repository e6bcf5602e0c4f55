/// Fits purchase-list text into frames with the label renderer's measurer and fitter (DejaVu Sans,
/// wrapping at spaces, shrinking, then an ellipsis), so nothing runs into the next column.
struct PurchaseListTypesetter {
    let measurer: CairoTextMeasurer

    /// `text` fitted into a frame `width` wide at (`x`, `y`) with room for `maxLines` lines at
    /// `size`; the frame's height is what the fitted lines use. Nil for empty text.
    func text(
        _ text: String, x: Double, y: Double, width: Double, size: Double, minimumSize: Double? = nil,
        weight: TextElement.Weight = .regular, alignment: TextElement.Alignment = .left, maxLines: Int = 1
    ) -> PlacedText? {
        let cleaned = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        guard cleaned.contains(where: { !$0.isWhitespace }) else { return nil }
        let room = LabelRect(
            x: .points(x), y: .points(y), width: .points(width),
            height: .points(Double(maxLines) * TextLayout.lineHeight(forSize: size)))
        let element = TextElement(
            frame: room, content: cleaned, size: size, minimumSize: minimumSize ?? size, weight: weight,
            alignment: alignment, maxLines: maxLines, wrap: maxLines > 1)
        let layout = measurer.fitter(for: element).fit(cleaned, in: element)
        let used = LabelRect(
            x: room.x, y: room.y, width: room.width, height: .points(Double(layout.lines.count) * layout.lineHeight))
        return PlacedText(
            frame: used, layout: layout, font: element.font, weight: weight, alignment: alignment,
            strikethrough: false)
    }
}

extension PlacedText {
    /// The bottom edge of the fitted text, in points.
    var bottom: Double { frame.y.points + frame.height.points }
}
