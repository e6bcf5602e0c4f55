import CatalogCore
import Foundation

/// Why a call to Square failed, after every retry the policy allowed.
///
/// `description` is the sentence a person reads: what happened and what to do next. The access
/// token never appears in it, nor in `url` (which carries no query string).
public struct SquareError: Error, CustomStringConvertible, Sendable {
    /// The broad kind of failure.
    public enum Kind: Sendable, Equatable {
        /// Square answered with this non-2xx HTTP status.
        case api(status: Int)
        /// No HTTP answer: the host could not be reached or the connection broke.
        case unreachable
        /// No answer within the configured request timeout.
        case timedOut
        /// A 2xx answer whose body was not the JSON object expected.
        case badResponse
        /// The calling task was cancelled.
        case cancelled
    }

    /// The broad kind of failure.
    public let kind: Kind
    /// The request URL without its query string.
    public let url: String
    /// The `errors` Square returned, empty when it returned none.
    public let errors: [SquareAPIError]
    /// How many attempts were made, the first one included.
    public let attempts: Int
    /// A short low-level cause (for example `connection refused`), empty when there is none.
    public let reason: String

    /// An error with the given parts.
    public init(kind: Kind, url: String, errors: [SquareAPIError] = [], attempts: Int = 1, reason: String = "") {
        self.kind = kind
        self.url = url
        self.errors = errors
        self.attempts = attempts
        self.reason = reason
    }

    /// The HTTP status when Square answered, nil otherwise.
    public var status: Int? {
        if case .api(let status) = kind { return status }
        return nil
    }

    /// True when Square refused the access token (401 or an `AUTHENTICATION_ERROR`).
    public var isAuthenticationFailure: Bool {
        status == 401 || errors.contains { $0.category == "AUTHENTICATION_ERROR" }
    }

    /// True when an update carried a stale or missing `version` (400 `VERSION_MISMATCH`).
    public var isVersionMismatch: Bool {
        errors.contains { $0.code == "VERSION_MISMATCH" }
    }

    /// True when Square refused a cursor it no longer knows or that belongs to another request.
    public var isInvalidCursor: Bool {
        errors.contains { $0.code == "INVALID_CURSOR" }
    }

    /// True when the same request may succeed later: rate limits, server errors, network trouble.
    public var isRetryable: Bool {
        switch kind {
        case .api(let status): status == 429 || (500...599).contains(status)
        case .unreachable, .timedOut, .badResponse: true
        case .cancelled: false
        }
    }

    /// A copy with the attempt count set.
    func with(attempts: Int) -> SquareError {
        SquareError(kind: kind, url: url, errors: errors, attempts: attempts, reason: reason)
    }

    /// A copy where every occurrence of `secret` in free text is replaced by `[redacted]`.
    func redacting(_ secret: String) -> SquareError {
        guard !secret.isEmpty else { return self }
        func clean(_ text: String) -> String { text.replacingOccurrences(of: secret, with: "[redacted]") }
        let cleaned = errors.map { entry in
            SquareAPIError(
                category: clean(entry.category), code: clean(entry.code),
                detail: entry.detail.map(clean), field: entry.field.map(clean)
            )
        }
        return SquareError(kind: kind, url: clean(url), errors: cleaned, attempts: attempts, reason: clean(reason))
    }
}

extension SquareError: UserFacingError {
    public var exitStatus: ExitStatus {
        switch kind {
        case .api(let status) where status == 429: return .tryLater
        case .api(let status) where status == 401 || status == 403 || status >= 500: return .unavailable
        case .api: return .dataError
        case .unreachable, .timedOut: return .unavailable
        case .badResponse: return .dataError
        case .cancelled: return .tryLater
        }
    }
}
