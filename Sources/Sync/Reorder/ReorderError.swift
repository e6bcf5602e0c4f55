import SquareAPI

/// Why a reorder-list action that talks to Square did not complete.
public enum ReorderError: Error, CustomStringConvertible, Sendable {
    /// Square refused a stock receipt; the list was put back as it was.
    case receiptRefused(label: String, cause: SquareError)
    /// The location is not one of the seller's.
    case unknownLocation(String, known: [String])
    /// Several locations and none chosen.
    case locationNeeded(known: [String])

    public var description: String {
        switch self {
        case .receiptRefused(let label, let cause):
            return "Square refused the stock receipt for \(label), so its stock was not changed and the reorder "
                + "list shows the line as it was before: \(cause.description)"
        case .unknownLocation(let name, let known):
            return "No location is called or has the id \(name). The locations are: \(known.joined(separator: "; "))."
        case .locationNeeded(let known):
            return "The shop has several locations: choose one with --location NAME, or set location: in the "
                + "config file. The locations are: \(known.joined(separator: "; "))."
        }
    }
}
