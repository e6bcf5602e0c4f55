import CatalogCore
import SquareAPI

/// Why an edit could not be made, phrased for the person at the counter.
public enum EditError: Error, CustomStringConvertible, Sendable {
    /// Square no longer has the object (deleted there since the last sync).
    case gone(id: String, label: String)
    /// Another writer kept changing the object: every attempt met a newer version.
    case keptChanging(label: String, attempts: Int)
    /// Square refused the write for a reason that will not go away by retrying.
    case refused(label: String, error: SquareError)
    /// A text longer than Square takes in that field; nothing was sent.
    case tooLong(field: EditField, length: Int, limit: Int)

    public var description: String {
        switch self {
        case .gone(let id, let label):
            return
                "\(label) (\(id)) no longer exists in Square: it was deleted there. Run catalog sync to drop it here."
        case .keptChanging(let label, let attempts):
            return "\(label) changed in Square during each of \(attempts) attempts, so the edit was not made. "
                + "Someone else is editing it right now; try again in a moment."
        case .refused(let label, let error):
            return "Square refused the change to \(label): \(error.description)"
        case .tooLong(let field, let length, let limit):
            let name = field.rawValue.replacingOccurrences(of: "_", with: " ")
            return "The \(name) has \(length) characters; Square takes at most \(limit). Shorten it and try again."
        }
    }
}

extension EditError: UserFacingError {
    public var exitStatus: ExitStatus {
        switch self {
        case .gone: return .notFound
        case .keptChanging: return .tryLater
        case .refused, .tooLong: return .dataError
        }
    }
}
