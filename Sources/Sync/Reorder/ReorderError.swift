import CatalogCore
import SquareAPI

/// Why a reorder-list action that talks to Square did not complete.
public enum ReorderError: Error, CustomStringConvertible, Sendable {
    /// Square refused a stock receipt; it is kept in the outbox as failed (entry `outboxID`).
    case receiptRefused(label: String, cause: SquareError, outboxID: Int64)
    /// An undo named an outbox entry that is not a stock receipt.
    case notAReceipt(outboxID: Int64)
    public var description: String {
        switch self {
        case .notAReceipt(let id):
            return "Outbox entry \(id) is not a stock receipt, so there is nothing to undo."
        case .receiptRefused(let label, let cause, let id):
            return "Square refused the stock receipt for \(label), so its stock in Square is unchanged: "
                + "\(cause.description) The receipt is kept (outbox entry \(id)): send it again once that is fixed "
                + "(catalog outbox resolve \(id) --keep local), or drop it and take it off the reorder list "
                + "(--keep remote)."
        }
    }
}

extension ReorderError: UserFacingError {
    public var exitStatus: ExitStatus {
        .dataError
    }
}
