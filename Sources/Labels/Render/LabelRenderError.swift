import CatalogCore

/// Why a label could not be rendered; each `description` is the sentence a user reads.
public enum LabelRenderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A barcode's data cannot be encoded in the symbology asked for.
    case invalidBarcodeData(symbology: String, data: String, reason: String)
    /// `auto` found neither a valid GTIN nor a SKU on the item.
    case nothingToEncode(item: String)
    /// A barcode element's data came out empty.
    case emptyBarcodeData(template: String, element: Int, symbology: String)
    /// The symbol and its quiet zones do not fit the element's frame.
    case barcodeTooWide(
        template: String, element: Int, data: String, neededDots: Int, frameDots: Int, dpi: Int, moduleDots: Int)
    /// The frame is too short for the bars (or a 2-D symbol) and the text under them.
    case barcodeTooTall(template: String, element: Int, data: String, neededDots: Int, frameDots: Int, dpi: Int)
    /// A price (or a regular or unit price) does not fit its text frame even at the element's smallest size;
    /// a price is never cut, so the label is refused. Widths and the size in points.
    case priceTooWide(
        template: String, element: Int, fields: [String], text: String, neededPoints: Double, framePoints: Double,
        size: Double)
    /// None of a barcode element's choices (symbologies and module widths) fits its frame for this item.
    case noBarcodeFits(template: String, element: Int, item: String, data: String, tried: [String])
    /// The module width is not a positive whole number of dots.
    case badModuleWidth(template: String, element: Int, moduleDots: Int)
    /// A sheet template was given to a renderer that draws one label per page (ZPL).
    case sheetNotSupported(template: String, renderer: String)
    /// A template whose label size is zero or negative, or whose dpi is not positive.
    case badTemplateSize(template: String)
    /// Cairo failed (out of memory, a write error) with its own status text.
    case cairo(String)

    /// The sentence a user reads, saying what to do next.
    public var description: String {
        switch self {
        case .invalidBarcodeData(let symbology, let data, let reason):
            return "Cannot encode “\(data)” as \(symbology): \(reason). Fix the item's code or choose another "
                + "symbology in the template."
        case .nothingToEncode(let item):
            return "Item “\(item)” has neither a valid GTIN nor a SKU, so its barcode has nothing to encode. "
                + "Give the variation a GTIN (UPC/EAN) or a SKU, or use a template without a barcode."
        case .emptyBarcodeData(let template, let element, let symbology):
            return "Template “\(template)”, element \(element): the \(symbology) barcode's data is empty for this "
                + "item. Use a field the item has, or symbology auto."
        case .barcodeTooWide(let template, let element, let data, let needed, let frame, let dpi, let module):
            return "Template “\(template)”, element \(element): the barcode for “\(data)” needs \(needed) dots "
                + "(\(Self.inches(needed, dpi)) in, with quiet zones, at \(module) dots per module and \(dpi) dpi) "
                + "but its frame is \(frame) dots (\(Self.inches(frame, dpi)) in) wide. Use a smaller module "
                + "width or a wider frame, or give the item a shorter code (catalog codes assign gives it an "
                + "in-store EAN-13)."
        case .barcodeTooTall(let template, let element, let data, let needed, let frame, let dpi):
            return "Template “\(template)”, element \(element): the barcode for “\(data)” needs at least \(needed) "
                + "dots (\(Self.inches(needed, dpi)) in) of height but its frame is \(frame) dots high. Use a "
                + "smaller module width or a taller frame."
        case .priceTooWide(let template, let element, let fields, let text, let needed, let frame, let size):
            let named = fields.map { "{{\($0)}}" }.joined(separator: ", ")
            return "Template “\(template)”, element \(element): the price “\(text)” (\(named)) needs "
                + "\(Self.points(needed)) pt (\(Self.millimetres(needed)) mm) at \(Self.points(size)) pt, the "
                + "smallest size the element allows, but its frame is \(Self.points(frame)) pt "
                + "(\(Self.millimetres(frame)) mm) wide. A price is never cut: use a template with a wider price "
                + "frame, or give this element a wider frame or a smaller min_size."
        case .noBarcodeFits(let template, let element, let item, let data, let tried):
            return "Template “\(template)”, element \(element): no barcode for \(item) (“\(data)”) fits its frame; "
                + "tried \(tried.joined(separator: "; ")). Give it an in-store EAN-13 with catalog codes assign "
                + "\(data.contains(" ") ? "\"\(data)\"" : data), or use a wider template."
        case .badModuleWidth(let template, let element, let module):
            return "Template “\(template)”, element \(element): module width \(module) is not a positive number "
                + "of printer dots. Use 1 or more (3 at 203 dpi and 4 at 300 dpi scan well)."
        case .sheetNotSupported(let template, let renderer):
            return "Template “\(template)” is a label sheet; \(renderer) prints one label at a time on a roll. "
                + "Use a roll template for this printer, or print the sheet as PDF to an office printer."
        case .badTemplateSize(let template):
            return "Template “\(template)” has a zero or negative size or resolution. Give it a positive width, "
                + "height and dpi."
        case .cairo(let status):
            return "Drawing the label failed in Cairo: \(status). Check free memory and disk space and try again."
        }
    }

    /// One attempt as `noBarcodeFits` lists it: `Code 128 at 2 dots needs 484 dots wide, the frame has 398`.
    var attempt: String? {
        switch self {
        case .barcodeTooWide(_, _, _, let needed, let frame, _, let module):
            return "at \(module) dots per module it needs \(needed) dots of width, the frame has \(frame)"
        case .barcodeTooTall(_, _, _, let needed, let frame, _):
            return "it needs \(needed) dots of height, the frame has \(frame)"
        default: return nil
        }
    }

    /// Points to one decimal, without a trailing `.0`: `53.3`, `6`.
    private static func points(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    private static func millimetres(_ points: Double) -> String {
        Self.points(points * 25.4 / 72)
    }

    private static func inches(_ dots: Int, _ dpi: Int) -> String {
        let value = (Double(dots) / Double(max(dpi, 1)) * 100).rounded() / 100
        return String(value)
    }
}

extension LabelRenderError: UserFacingError {
    public var exitStatus: ExitStatus {
        .dataError
    }
}
