import CatalogCore
import Store

/// Why a new item was refused before anything was sent to Square.
public enum ItemCreationError: Error, Equatable, CustomStringConvertible, Sendable {
    /// Which kind of code collided.
    public enum Code: String, Sendable {
        case sku = "SKU"
        case gtin = "barcode"
    }

    /// The item's name is empty.
    case emptyName
    /// The draft has no variation.
    case noVariations
    /// A `--variation` text could not be read.
    case badVariation(spec: String, reason: String)
    /// A code is already used by a variation in the local catalog.
    case codeInCatalog(code: Code, value: String, holder: VariationSummary)
    /// Two variations of the new item have the same code.
    case codeRepeated(code: Code, value: String, first: String, second: String)
    /// Square accepted the item but its answer left out the new ids.
    case incompleteAnswer(detail: String)

    /// The sentence a person reads, saying what to do next.
    public var description: String {
        switch self {
        case .emptyName:
            return "The item needs a name; give --name \"...\"."
        case .noVariations:
            return "The item needs at least one variation with a price (or --variable-price)."
        case .badVariation(let spec, let reason):
            return "Cannot read the variation “\(spec)”: \(reason) Write it like "
                + "\"Large, price=5.99, sku=AC-L, gtin=0012345678905\"."
        case .codeInCatalog(let code, let value, let holder):
            let archived = holder.isArchived ? ", archived" : ""
            return "The \(code.rawValue) \(value) is already used by “\(holder.label)” "
                + "(variation \(holder.variationID), item \(holder.itemID)\(archived)). Use another \(code.rawValue), "
                + "edit that variation with catalog edit, or add --allow-duplicate to create it anyway."
        case .codeRepeated(let code, let value, let first, let second):
            return "The variations “\(first)” and “\(second)” both have the \(code.rawValue) \(value); "
                + "give each variation its own."
        case .incompleteAnswer(let detail):
            return "Square created the item but its answer was incomplete (\(detail)); "
                + "run catalog sync to bring it into the local catalog."
        }
    }
}

extension ItemCreationError: UserFacingError {
    public var exitStatus: ExitStatus {
        switch self {
        case .emptyName, .noVariations, .badVariation, .codeInCatalog, .codeRepeated: return .dataError
        // Square holds the item; the next sync brings it in.
        case .incompleteAnswer: return .tryLater
        }
    }
}
