import CatalogCore

/// Why the sandbox could not start or keep its data file.
public enum SandboxError: Error, CustomStringConvertible, Sendable {
    /// The data file exists but is not a sandbox data file.
    case unreadableDataFile(path: String, reason: String)
    /// The data file could not be written.
    case unwritableDataFile(path: String, reason: String)
    /// The server did not start listening.
    case notListening(reason: String)
    /// A webhook URL without a signature key (or the other way round), or a URL that is not http(s).
    case badWebhook(String)

    /// The sentence a user reads.
    public var description: String {
        switch self {
        case .unreadableDataFile(let path, let reason):
            "Cannot load sandbox data file \(path): \(reason). Move it away or pass another --data file."
        case .unwritableDataFile(let path, let reason):
            "Cannot save sandbox data file \(path): \(reason). Check the folder exists and is writable."
        case .notListening(let reason):
            "The sandbox could not listen on 127.0.0.1: \(reason). Try another --port, or --port 0 for a free one."
        case .badWebhook(let url):
            "Cannot send webhooks to “\(url)”: give both an http(s) --webhook-url and a non-empty --signature-key."
        }
    }
}

/// A Square-style error answer: an HTTP status and one `errors[]` entry.
struct APIError: Error, Sendable {
    var status: Int
    var category: String
    var code: String
    var detail: String
    var field: String?

    init(_ status: Int, _ category: String, _ code: String, _ detail: String, field: String? = nil) {
        self.status = status
        self.category = category
        self.code = code
        self.detail = detail
        self.field = field
    }

    /// A 400 INVALID_REQUEST_ERROR.
    static func invalid(_ code: String, _ detail: String, field: String? = nil) -> APIError {
        APIError(400, "INVALID_REQUEST_ERROR", code, detail, field: field)
    }

    static let versionMismatch = APIError.invalid(
        "VERSION_MISMATCH", "Object version does not match latest database version.", field: "version")

    static func notFound(_ detail: String) -> APIError {
        APIError(404, "INVALID_REQUEST_ERROR", "NOT_FOUND", detail)
    }

    static let rateLimited = APIError(429, "RATE_LIMIT_ERROR", "RATE_LIMITED", "Rate limit exceeded. Retry later.")

    var body: JSONValue {
        var error: JSONValue = ["category": .string(category), "code": .string(code), "detail": .string(detail)]
        if let field { error["field"] = .string(field) }
        return ["errors": [error]]
    }
}

extension SandboxError: UserFacingError {
    public var exitStatus: ExitStatus {
        switch self {
        case .unreadableDataFile: return .dataError
        case .unwritableDataFile: return .cannotCreate
        case .badWebhook: return .usage
        case .notListening: return .unavailable
        }
    }
}
