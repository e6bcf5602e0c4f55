/// One thing drawn on a label.
public enum LabelElement: Sendable, Hashable {
    case text(TextElement)
    case barcode(BarcodeElement)
    case line(LineElement)
    case box(BoxElement)
}

/// Text from a field expression such as `{{item.name}} {{variation.name}}`, fitted into its frame.
public struct TextElement: Sendable, Hashable {
    public enum Weight: String, Sendable, Hashable, CaseIterable { case regular, bold }
    public enum Alignment: String, Sendable, Hashable, CaseIterable { case left, center, right }

    public var frame: LabelRect
    /// The text with `{{field}}` expressions (see `LabelField`).
    public var content: String
    /// The font family (DejaVu Sans unless said otherwise; DejaVu covers Latin, Greek and Cyrillic).
    public var font: String
    /// The size to use when the text fits, in points.
    public var size: Double
    /// The smallest size shrink-to-fit may go down to, in points.
    public var minimumSize: Double
    public var weight: Weight
    public var alignment: Alignment
    /// At most this many lines; text that still does not fit ends in an ellipsis.
    public var maxLines: Int
    /// Break long text into lines at spaces (up to `maxLines`).
    public var wrap: Bool
    /// Make the size smaller, down to `minimumSize`, until the text fits.
    public var shrinkToFit: Bool
    /// Draw a line through the text (a sale tag's regular price).
    public var strikethrough: Bool

    public init(
        frame: LabelRect, content: String, font: String = "DejaVu Sans", size: Double = 10, minimumSize: Double = 6,
        weight: Weight = .regular, alignment: Alignment = .left, maxLines: Int = 1, wrap: Bool = false,
        shrinkToFit: Bool = true, strikethrough: Bool = false
    ) {
        self.frame = frame
        self.content = content
        self.font = font
        self.size = size
        self.minimumSize = minimumSize
        self.weight = weight
        self.alignment = alignment
        self.maxLines = maxLines
        self.wrap = wrap
        self.shrinkToFit = shrinkToFit
        self.strikethrough = strikethrough
    }
}

/// A barcode, drawn as vectors with every bar a whole number of printer dots.
public struct BarcodeElement: Sendable, Hashable {
    public enum Symbology: String, Sendable, Hashable, CaseIterable {
        /// EAN-13 or UPC-A for a valid GTIN, else Code 128 of the SKU.
        case auto
        case ean13 = "ean-13"
        case upcA = "upc-a"
        case code128 = "code-128"
        case qr
        case dataMatrix = "datamatrix"
    }

    public var frame: LabelRect
    public var symbology: Symbology
    /// The data: a field expression, `{{gtin}}` or `{{sku}}` most often (`auto` picks itself).
    public var content: String
    /// The width of the narrowest bar (or a 2-D module) in printer dots at the template's resolution.
    public var moduleDots: Int
    /// Print the digits (or text) under the bars.
    public var humanReadable: Bool
    /// The narrowest module a code that does not fit at `moduleDots` may shrink to (`min_module`); never
    /// below what the template's printer and scanners read. Equal to `moduleDots` unless the template says.
    public var minimumModuleDots: Int
    /// What to draw, in order, when the first choice does not fit even at the narrowest module (`fallback:
    /// [code-128, qr]`): the same data in another symbology.
    public var fallbacks: [Symbology]

    public init(
        frame: LabelRect, symbology: Symbology = .auto, content: String = "", moduleDots: Int = 2,
        humanReadable: Bool = true, minimumModuleDots: Int? = nil, fallbacks: [Symbology] = []
    ) {
        self.frame = frame
        self.symbology = symbology
        self.content = content
        self.moduleDots = moduleDots
        self.humanReadable = humanReadable
        self.minimumModuleDots = min(minimumModuleDots ?? moduleDots, moduleDots)
        self.fallbacks = fallbacks
    }
}

/// A straight line.
public struct LineElement: Sendable, Hashable {
    public var x1: Length
    public var y1: Length
    public var x2: Length
    public var y2: Length
    public var thickness: Length

    public init(x1: Length, y1: Length, x2: Length, y2: Length, thickness: Length = .points(0.5)) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
        self.thickness = thickness
    }
}

/// A rectangle, outlined or filled.
public struct BoxElement: Sendable, Hashable {
    public var frame: LabelRect
    public var thickness: Length
    public var filled: Bool

    public init(frame: LabelRect, thickness: Length = .points(0.5), filled: Bool = false) {
        self.frame = frame
        self.thickness = thickness
        self.filled = filled
    }
}
