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
    ///
    /// `ignoreUnchangedCounts: false` makes Square keep a physical count whose quantity equals the last
    /// one (Square's default skips it, which would lose a recount after sales brought the figure down).
    public func batchCreateInventoryChanges(
        idempotencyKey: String, changes: [JSONValue], ignoreUnchangedCounts: Bool? = nil
    ) async throws(SquareError) -> InventoryChangesResult {
        var body: JSONValue = ["idempotency_key": .string(idempotencyKey), "changes": .array(changes)]
        if let ignoreUnchangedCounts { body["ignore_unchanged_counts"] = .bool(ignoreUnchangedCounts) }
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
