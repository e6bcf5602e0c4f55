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
    public var frame: LabelRect
    public var layout: TextLayout
    public var font: String
    public var weight: TextElement.Weight
    public var alignment: TextElement.Alignment
    public var strikethrough: Bool
}

/// An encoded barcode placed on whole printer dots of the page.
public struct PlacedBarcode: Sendable, Hashable {
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
    public var x1: Double
    public var y1: Double
    public var x2: Double
    public var y2: Double
    public var thickness: Double
}

/// A rectangle, in page points.
public struct PlacedBox: Sendable, Hashable {
    public var frame: LabelRect
    public var thickness: Double
    public var filled: Bool
}
