import CatalogCore

/// One entry of the `errors` array Square returns with a failed request.
public struct SquareAPIError: Sendable, Equatable {
    /// The broad class, for example `AUTHENTICATION_ERROR` or `INVALID_REQUEST_ERROR`.
    public var category: String
    /// The specific reason, for example `UNAUTHORIZED` or `VERSION_MISMATCH`.
    public var code: String
    /// Square's human-readable explanation, when it gave one.
    public var detail: String?
    /// The request field the error is about, when it named one.
    public var field: String?

    /// An error entry with the given parts.
    public init(category: String, code: String, detail: String? = nil, field: String? = nil) {
        self.category = category
        self.code = code
        self.detail = detail
        self.field = field
    }

    /// Reads the `errors` array of a response body; entries that are not objects are skipped.
    public static func list(in body: JSONValue?) -> [SquareAPIError] {
        guard let entries = body?["errors"]?.arrayValue else { return [] }
        return entries.compactMap { entry in
            guard entry.objectValue != nil else { return nil }
            return SquareAPIError(
                category: entry["category"]?.stringValue ?? "",
                code: entry["code"]?.stringValue ?? "",
                detail: entry["detail"]?.stringValue,
                field: entry["field"]?.stringValue
            )
        }
    }
}
