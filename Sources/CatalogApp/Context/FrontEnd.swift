/// Who a workflow's words are for: a person at a shell, who types `--price`, or staff at a counter screen
/// or the back office, who see a field called Price and never a command. A workflow names what was given
/// through the context's front end, so the same rule reads right in both.
public enum FrontEnd: Sendable, Equatable {
    /// `catalog` commands: fields are their options (`--price`).
    case commandLine
    /// The hub's pages and API: fields by their names on the page (`Price`).
    case hub

    /// How this front end names the field a value was given in: `--price` or `Price`.
    public func field(_ option: String) -> String {
        switch self {
        case .commandLine: return "--" + option
        case .hub:
            if let name = Self.pageNames[option] { return name }
            let words = option.replacingOccurrences(of: "-", with: " ")
            return (words.first.map { String($0).uppercased() } ?? "") + words.dropFirst()
        }
    }

    /// The page's names of the options whose own names are not words staff use.
    static let pageNames = ["gtin": "Barcode", "sku": "SKU", "variation": "Variation"]
}
