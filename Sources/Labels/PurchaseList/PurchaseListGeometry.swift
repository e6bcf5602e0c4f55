/// Where things sit on a purchase-list page, in points: margins, the header and footer bands, and
/// the columns of a line (item, quantity, cost, barcode). Vertical positions that carry barcodes
/// are kept on the 300 dpi dot grid so bars stay whole dots wherever a row lands.
struct PurchaseListGeometry: Sendable {
    /// The grid barcodes are placed on; office printers print at 300 dpi or a multiple of it.
    static let dpi = 300
    /// Dots per module for EAN-13 and UPC-A (0.34 mm, about full size) and for Code 128 (0.25 mm);
    /// neither is narrower than the stock label templates' 3 dots at 300 dpi.
    static let retailModuleDots = 4
    static let code128ModuleDots = 3
    /// The space kept clear around the page, which most office printers cannot print on anyway.
    static let margin = 36.0
    /// The gap between columns.
    static let gap = 8.0
    /// The column widths that do not depend on the paper.
    static let quantityWidth = 50.0
    static let costWidth = 72.0
    static let barcodeWidth = 170.0
    /// The height of a barcode's frame: bars plus the digits under them.
    static let barcodeHeight = 40.0
    /// The space above and below the contents of a line.
    static let rowPadding = 6.0

    let pageWidth: Double
    let pageHeight: Double

    init(paper: PurchaseList.Paper) {
        pageWidth = paper.width.points
        pageHeight = paper.height.points
    }

    /// The width between the margins.
    var contentWidth: Double { pageWidth - 2 * Self.margin }
    /// The left edge of the item column (the left margin).
    var itemX: Double { Self.margin }
    /// The width of the item column: whatever the other columns leave.
    var itemWidth: Double {
        contentWidth - Self.quantityWidth - Self.costWidth - Self.barcodeWidth - 3 * Self.gap
    }
    /// The left edge of the quantity column.
    var quantityX: Double { itemX + itemWidth + Self.gap }
    /// The left edge of the cost column.
    var costX: Double { quantityX + Self.quantityWidth + Self.gap }
    /// The left edge of the barcode column.
    var barcodeX: Double { costX + Self.costWidth + Self.gap }

    /// Where the first line of a page starts (below the header, vendor name and column headings).
    var bodyTop: Double { Self.snapped(116) }
    /// How far down lines may go (above the footer).
    var bodyBottom: Double { pageHeight - Self.margin - 18 }
    /// The top of the footer's text.
    var footerTop: Double { pageHeight - Self.margin - 10 }

    /// `points` rounded up to a whole number of dots of the barcode grid.
    static func snapped(_ points: Double) -> Double {
        let perDot = 72 / Double(dpi)
        return ((points / perDot) - 1e-9).rounded(.up) * perDot
    }
}
