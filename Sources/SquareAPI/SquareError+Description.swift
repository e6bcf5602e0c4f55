extension SquareError {
    /// The sentence a person reads: what happened and what to do next.
    public var description: String {
        switch kind {
        case .cancelled:
            return "The request to \(url) was cancelled before Square answered. Run the command again when ready."
        case .timedOut:
            return "Square did not answer \(url) in time\(reasonSuffix)\(attemptsSuffix). "
                + "Check the network, or raise the request timeout, and try again."
        case .unreachable:
            let cause = reason.isEmpty ? "" : ": \(reason)"
            return "Cannot reach Square at \(url)\(cause)\(attemptsSuffix). Check SQUARE_BASE_URL and the network."
        case .badResponse:
            return "Square sent an unreadable answer from \(url)\(reasonSuffix)\(attemptsSuffix). "
                + "Try again; if it persists, check that SQUARE_BASE_URL points at Square."
        case .api(let status):
            return apiDescription(status: status)
        }
    }

    private func apiDescription(status: Int) -> String {
        let summary = self.summary(status: status)
        if isAuthenticationFailure {
            return "Square rejected the access token (\(summary)). Check SQUARE_ACCESS_TOKEN or the token file."
        }
        if isVersionMismatch {
            return "Square rejected the change because the object changed since it was fetched (\(summary)). "
                + "Fetch it again, re-apply the change and retry."
        }
        switch status {
        case 403:
            return "Square refused the request to \(url) (\(summary)). "
                + "Give the access token the permissions it needs (ITEMS_READ, ITEMS_WRITE, INVENTORY_READ, "
                + "MERCHANT_PROFILE_READ)."
        case 404:
            return "Square found nothing at \(url) (\(summary)). Check the id, or sync again if it was deleted."
        case 429:
            return "Square kept rate-limiting requests to \(url) (\(summary))\(attemptsSuffix). "
                + "Wait a minute and try again."
        case 500...599:
            return "Square failed with a server error at \(url) (\(summary))\(attemptsSuffix). Try again later."
        default:
            return "Square rejected the request to \(url) (\(summary)). Correct the request and try again."
        }
    }

    /// `400 INVALID_VALUE: detail (field name)`, or just the status when Square sent no errors.
    private func summary(status: Int) -> String {
        guard let first = errors.first else { return "HTTP \(status)" }
        var text = "\(status) \(first.code.isEmpty ? first.category : first.code)"
        if let detail = first.detail, !detail.isEmpty, !isAuthenticationFailure {
            text += ": \(detail.hasSuffix(".") ? String(detail.dropLast()) : detail)"
        }
        if let field = first.field, !field.isEmpty { text += ", field \(field)" }
        if errors.count > 1 { text += ", and \(errors.count - 1) more" }
        return text
    }

    private var reasonSuffix: String { reason.isEmpty ? "" : " (\(reason))" }

    private var attemptsSuffix: String { attempts > 1 ? " after \(attempts) attempts" : "" }
}
