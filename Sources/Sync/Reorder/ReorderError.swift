import CatalogCore
import SquareAPI

/// Why a reorder-list action that talks to Square did not complete.
public enum ReorderError: Error, CustomStringConvertible, Sendable {
    /// Square refused a stock receipt; the list was put back as it was.
    case receiptRefused(label: String, cause: SquareError)
    public var description: String {
        switch self {
        case .receiptRefused(let label, let cause):
            return "Square refused the stock receipt for \(label), so its stock was not changed and the reorder "
                + "list shows the line as it was before: \(cause.description)"
        }
    }
}

extension ReorderError: UserFacingError {
    public var exitStatus: ExitStatus {
        .dataError
    }
}
