/// One label resolved for drawing: field text expanded and fitted, barcodes encoded and placed on
/// whole printer dots. Every position is on the page (the label's origin added), text and lines in
/// points, barcodes in printer dots. Cairo and ZPL both draw from this, so they agree.
public struct LabelLayout: Sendable {
    /// Something placed on the page, in drawing order.
    public enum Item: Sendable {
        case text(PlacedText)
        case barcode(PlacedBarcode)
        case line(PlacedLine)
        case box(PlacedBox)
    }

    /// The items, in the template's order (later on top).
    public var items: [Item]
    /// The template's printer resolution.
    public var dpi: Int
}

/// Fitted text in its frame (page points).
public struct PlacedText: Sendable, Hashable {
    /// The frame on the page, in points.
    public var frame: LabelRect
    /// The lines and size after fitting.
    public var layout: TextLayout
    /// The font family.
    public var font: String
    /// Regular or bold.
    public var weight: TextElement.Weight
    /// Where each line sits across the frame.
    public var alignment: TextElement.Alignment
    /// Whether a line is drawn through the text.
    public var strikethrough: Bool
}

/// An encoded barcode placed on whole printer dots of the page.
public struct PlacedBarcode: Sendable, Hashable {
    /// The encoded symbol.
    public var symbol: BarcodeSymbol
    /// Dots per module, across and (for 2-D codes) down.
    public var moduleDots: Int
    /// The left edge of the first module (the quiet zone lies to its left), in page dots.
    public var leftDots: Int
    /// The top edge of the bars or of the first module row, in page dots.
    public var topDots: Int
    /// The height of the bars (linear) or of the whole matrix (2-D), in dots.
    public var heightDots: Int
    /// The text under a linear code, when the element asks for it.
    public var humanReadable: PlacedText?

    /// The width of the symbol without quiet zones, in dots.
    public var widthDots: Int { symbol.width * moduleDots }
}

/// A straight line, in page points.
public struct PlacedLine: Sendable, Hashable {
    /// The start, in page points.
    public var x1: Double
    /// The start, in page points.
    public var y1: Double
    /// The end, in page points.
    public var x2: Double
    /// The end, in page points.
    public var y2: Double
    /// The stroke width in points.
    public var thickness: Double
}

/// A rectangle, in page points.
public struct PlacedBox: Sendable, Hashable {
    /// The rectangle on the page, in points.
    public var frame: LabelRect
    /// The outline width in points (drawn inside the frame).
    public var thickness: Double
    /// Filled rather than outlined.
    public var filled: Bool
}
