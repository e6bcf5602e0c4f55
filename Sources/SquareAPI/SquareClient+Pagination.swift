import CatalogCore

extension SquareClient {
    /// Every page of a catalog search, following cursors; each follow-up resends the original body.
    ///
    /// The stream ends after the page without a cursor, or with the `SquareError` that stopped it.
    /// Cancelling the consuming task stops the walk.
    public func searchAllCatalogObjects(_ request: JSONValue) -> AsyncThrowingStream<CatalogObjectsPage, any Error> {
        pages { client, cursor in
            let page = try await client.searchCatalogObjects(request, cursor: cursor)
            return (page, page.cursor)
        }
    }

    /// Every page of a catalog list for `types`, following cursors with the same `types`.
    public func listAllCatalog(types: [String]) -> AsyncThrowingStream<CatalogObjectsPage, any Error> {
        pages { client, cursor in
            let page = try await client.listCatalog(types: types, cursor: cursor)
            return (page, page.cursor)
        }
    }

    /// Every page of inventory counts for `request`, following cursors with the same body.
    public func batchRetrieveAllInventoryCounts(_ request: JSONValue)
        -> AsyncThrowingStream<InventoryCountsPage, any Error>
    {
        pages { client, cursor in
            let page = try await client.batchRetrieveInventoryCounts(request, cursor: cursor)
            return (page, page.cursor)
        }
    }

    /// Every page of inventory history (`POST /v2/inventory/changes/batch-retrieve`) for `request`,
    /// following cursors with the same body.
    ///
    /// `request` is a `BatchRetrieveInventoryChangesRequest` without its cursor: `catalog_object_ids`,
    /// `location_ids`, `types`, `states`, `updated_after`, `updated_before`, `limit`; an empty object
    /// asks for every change. Each page holds the changes oldest `occurred_at` first. The stream ends
    /// after the page without a cursor, or with the `SquareError` that stopped it.
    public func batchRetrieveInventoryChanges(_ request: JSONValue = [:])
        -> AsyncThrowingStream<InventoryChangesPage, any Error>
    {
        pages { client, cursor in
            var body = request
            if let cursor { body["cursor"] = .string(cursor) }
            let answer = try await client.perform(
                SquareRequest(method: "POST", path: "/v2/inventory/changes/batch-retrieve", body: body))
            let page = InventoryChangesPage(
                changes: answer["changes"]?.arrayValue ?? [], cursor: Self.cursor(in: answer))
            return (page, page.cursor)
        }
    }

    /// Walks pages on demand (one request per page the consumer asks for) until `fetch`
    /// returns no cursor.
    private func pages<Page: Sendable>(
        _ fetch: @escaping @Sendable (SquareClient, String?) async throws -> (Page, String?)
    ) -> AsyncThrowingStream<Page, any Error> {
        let walker = PageWalker(client: self, fetch: fetch)
        return AsyncThrowingStream { try await walker.next() }
    }
}

/// The state of one cursor walk: the next cursor, and whether the last page was seen.
private actor PageWalker<Page: Sendable> {
    let client: SquareClient
    let fetch: @Sendable (SquareClient, String?) async throws -> (Page, String?)
    var cursor: String?
    var seen: Set<String> = []
    var finished = false

    init(client: SquareClient, fetch: @escaping @Sendable (SquareClient, String?) async throws -> (Page, String?)) {
        self.client = client
        self.fetch = fetch
    }

    /// The next page, or nil after the last one. A cursor seen twice is an error, not a loop.
    func next() async throws -> Page? {
        guard !finished else { return nil }
        finished = true
        let (page, next) = try await fetch(client, cursor)
        if let next {
            guard seen.insert(next).inserted else {
                throw SquareError(
                    kind: .badResponse, url: client.configuration.baseURL.absoluteString,
                    reason: "the same cursor came back twice")
            }
            cursor = next
            finished = false
        }
        return page
    }
}
