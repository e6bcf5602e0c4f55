import CatalogCore

extension SquareClient {
    /// The most changes Square takes in one `batch-create` request.
    public static let inventoryChangesPerRequest = 100

    /// Applies inventory changes in one request; a retry with the same key and body never applies twice.
    ///
    /// `changes` are `InventoryChange` objects (`type` `ADJUSTMENT` or `PHYSICAL_COUNT` with their
    /// `adjustment` or `physical_count`). The body is serialised once, so every automatic retry after
    /// a dropped connection, a timeout, a 429 or a 5xx resends the same bytes with the same key, and
    /// Square answers a repeat with the stored result instead of applying the changes again.
    public func batchCreateInventoryChanges(idempotencyKey: String, changes: [JSONValue]) async throws(SquareError)
        -> InventoryChangesResult
    {
        let body: JSONValue = ["idempotency_key": .string(idempotencyKey), "changes": .array(changes)]
        let request = SquareRequest(method: "POST", path: "/v2/inventory/changes/batch-create", body: body)
        let answer = try await perform(request)
        // Square answers with the resulting count of every object the changes touched.
        if !changes.isEmpty, answer["counts"]?.arrayValue?.isEmpty ?? true {
            throw Self.missing("counts", request: request, base: configuration.baseURL)
        }
        return InventoryChangesResult(
            counts: answer["counts"]?.arrayValue ?? [], changes: answer["changes"]?.arrayValue ?? [])
    }
}
