import CatalogCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A client for the parts of Square's REST API this tool uses: catalog, inventory counts, locations.
///
/// Every call retries rate limits, server errors, dropped connections and timeouts under the
/// configured `RetryPolicy`, resending the same body (and so the same idempotency key). Objects
/// travel as `JSONValue`, so int64 values and fields this tool does not model survive untouched.
public final class SquareClient: Sendable {
    /// Where the client connects, as whom, and how patiently.
    public let configuration: SquareClientConfiguration
    let session: URLSession

    /// A client with its own URL session; the session ends when the client is released.
    public init(configuration: SquareClientConfiguration) {
        self.configuration = configuration
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.timeoutIntervalForRequest = Self.sessionTimeout(for: configuration.requestTimeout)
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.urlCache = nil
        sessionConfiguration.httpCookieStorage = nil
        session = URLSession(configuration: sessionConfiguration)
    }

    /// URLSession's own timeout: whole seconds, a little after the client's exact deadline.
    static func sessionTimeout(for requestTimeout: TimeInterval) -> TimeInterval {
        (max(requestTimeout, 0) + 1).rounded(.up)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Searches the catalog (`POST /v2/catalog/search`) with `request` as the body, plus `cursor`.
    public func searchCatalogObjects(_ request: JSONValue, cursor: String? = nil) async throws(SquareError)
        -> CatalogObjectsPage
    {
        var body = request
        if let cursor { body["cursor"] = .string(cursor) }
        let answer = try await perform(SquareRequest(method: "POST", path: "/v2/catalog/search", body: body))
        return CatalogObjectsPage(
            objects: answer["objects"]?.arrayValue ?? [],
            relatedObjects: answer["related_objects"]?.arrayValue ?? [],
            cursor: Self.cursor(in: answer),
            latestTime: answer["latest_time"]?.stringValue
        )
    }

    /// Lists live catalog objects of `types` (`GET /v2/catalog/list`), 100 per page.
    public func listCatalog(types: [String], cursor: String? = nil) async throws(SquareError) -> CatalogObjectsPage {
        var query: [(name: String, value: String)] = []
        if !types.isEmpty { query.append((name: "types", value: types.joined(separator: ","))) }
        if let cursor { query.append((name: "cursor", value: cursor)) }
        let answer = try await perform(SquareRequest(method: "GET", path: "/v2/catalog/list", query: query))
        return CatalogObjectsPage(objects: answer["objects"]?.arrayValue ?? [], cursor: Self.cursor(in: answer))
    }

    /// Fetches one live object (`GET /v2/catalog/object/{id}`); an item comes with its variations.
    public func retrieveCatalogObject(id: String, includeRelatedObjects: Bool = false) async throws(SquareError)
        -> (object: JSONValue, relatedObjects: [JSONValue])
    {
        let request = SquareRequest(
            method: "GET", path: "/v2/catalog/object/" + SquareRequest.escape(id),
            query: [(name: "include_related_objects", value: includeRelatedObjects ? "true" : "false")])
        let answer = try await perform(request)
        guard let object = answer["object"], object.objectValue != nil else {
            throw Self.missing("object", request: request, base: configuration.baseURL)
        }
        return (object, answer["related_objects"]?.arrayValue ?? [])
    }

    /// Fetches many objects by id (`POST /v2/catalog/batch-retrieve`, at most 1000 ids).
    public func batchRetrieveCatalogObjects(
        ids: [String], includeRelatedObjects: Bool = false, includeDeletedObjects: Bool = false
    ) async throws(SquareError) -> (objects: [JSONValue], relatedObjects: [JSONValue]) {
        let body: JSONValue = [
            "object_ids": .array(ids.map { .string($0) }),
            "include_related_objects": .bool(includeRelatedObjects),
            "include_deleted_objects": .bool(includeDeletedObjects),
        ]
        let answer = try await perform(SquareRequest(method: "POST", path: "/v2/catalog/batch-retrieve", body: body))
        return (answer["objects"]?.arrayValue ?? [], answer["related_objects"]?.arrayValue ?? [])
    }

    /// Creates or replaces one object (`POST /v2/catalog/object`). An update must carry the
    /// current `version` of the object and of every nested object; retries reuse `idempotencyKey`.
    public func upsertCatalogObject(_ object: JSONValue, idempotencyKey: String = UUID().uuidString)
        async throws(SquareError) -> UpsertResult
    {
        let body: JSONValue = ["idempotency_key": .string(idempotencyKey), "object": object]
        let request = SquareRequest(method: "POST", path: "/v2/catalog/object", body: body)
        let answer = try await perform(request)
        guard let stored = answer["catalog_object"], stored.objectValue != nil, stored["version"] != nil else {
            throw Self.missing("catalog_object", request: request, base: configuration.baseURL)
        }
        return UpsertResult(object: stored, idMappings: IDMapping.list(in: answer["id_mappings"]))
    }

    /// Creates or replaces objects in independent all-or-nothing batches (`POST /v2/catalog/batch-upsert`).
    public func batchUpsertCatalogObjects(batches: [[JSONValue]], idempotencyKey: String = UUID().uuidString)
        async throws(SquareError) -> BatchUpsertResult
    {
        let body: JSONValue = [
            "idempotency_key": .string(idempotencyKey),
            "batches": .array(batches.map { ["objects": .array($0)] }),
        ]
        let request = SquareRequest(method: "POST", path: "/v2/catalog/batch-upsert", body: body)
        let answer = try await perform(request)
        let result = BatchUpsertResult(
            objects: answer["objects"]?.arrayValue ?? [],
            idMappings: IDMapping.list(in: answer["id_mappings"]),
            updatedAt: answer["updated_at"]?.stringValue
        )
        // Every object sent comes back stored, with an id and a version, and every `#` id is mapped.
        let sent = batches.joined()
        let returned = Set(result.objects.compactMap { $0["version"] == nil ? nil : $0["id"]?.stringValue })
        let mapped = Dictionary(
            result.idMappings.map { ($0.clientObjectID, $0.objectID) }, uniquingKeysWith: { first, _ in first })
        for object in sent {
            guard let id = object["id"]?.stringValue else { continue }
            let stored = id.hasPrefix("#") ? mapped[id] : id
            guard let stored, returned.contains(stored) else {
                throw Self.missing("stored object for \(id)", request: request, base: configuration.baseURL)
            }
        }
        return result
    }

    /// Deletes one object and its children (`DELETE /v2/catalog/object/{id}`).
    public func deleteCatalogObject(id: String) async throws(SquareError) -> DeleteResult {
        let answer = try await perform(
            SquareRequest(method: "DELETE", path: "/v2/catalog/object/" + SquareRequest.escape(id)))
        return Self.deleteResult(answer)
    }

    /// Deletes many objects and their children (`POST /v2/catalog/batch-delete`, at most 200 ids).
    public func batchDeleteCatalogObjects(ids: [String]) async throws(SquareError) -> DeleteResult {
        let body: JSONValue = ["object_ids": .array(ids.map { .string($0) })]
        return Self.deleteResult(
            try await perform(SquareRequest(method: "POST", path: "/v2/catalog/batch-delete", body: body)))
    }
}
