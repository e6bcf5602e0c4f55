import CatalogCore
import Foundation

extension SquareClient {
    /// The catalog's limits and unit descriptions (`GET /v2/catalog/info`), the whole response.
    public func catalogInfo() async throws(SquareError) -> JSONValue {
        try await perform(SquareRequest(method: "GET", path: "/v2/catalog/info"))
    }

    /// The seller's locations (`GET /v2/locations`).
    public func listLocations() async throws(SquareError) -> [JSONValue] {
        try await perform(SquareRequest(method: "GET", path: "/v2/locations"))["locations"]?.arrayValue ?? []
    }

    /// One page of inventory counts (`POST /v2/inventory/counts/batch-retrieve`) for `request`, plus `cursor`.
    public func batchRetrieveInventoryCounts(_ request: JSONValue, cursor: String? = nil) async throws(SquareError)
        -> InventoryCountsPage
    {
        var body = request
        if let cursor { body["cursor"] = .string(cursor) }
        let answer = try await perform(
            SquareRequest(method: "POST", path: "/v2/inventory/counts/batch-retrieve", body: body))
        return InventoryCountsPage(counts: answer["counts"]?.arrayValue ?? [], cursor: Self.cursor(in: answer))
    }

    /// The `cursor` of a response, nil when absent or empty (the last page).
    static func cursor(in answer: JSONValue) -> String? {
        guard let cursor = answer["cursor"]?.stringValue, !cursor.isEmpty else { return nil }
        return cursor
    }

    static func deleteResult(_ answer: JSONValue) -> DeleteResult {
        DeleteResult(
            deletedObjectIDs: (answer["deleted_object_ids"]?.arrayValue ?? []).compactMap(\.stringValue),
            deletedAt: answer["deleted_at"]?.stringValue
        )
    }

    /// The error for a 2xx answer that lacks a member it must have.
    static func missing(_ member: String, request: SquareRequest, base: URL) -> SquareError {
        SquareError(kind: .badResponse, url: request.displayURL(base: base), reason: "the answer has no \(member)")
    }
}
