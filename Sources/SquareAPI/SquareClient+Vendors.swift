import CatalogCore

extension SquareClient {
    /// The most vendor ids one `POST /v2/vendors/bulk-retrieve` request asks for.
    static let vendorRetrieveLimit = 100

    /// Vendors by id (`POST /v2/vendors/bulk-retrieve`, chunked to the endpoint's limit); unknown ids are left out.
    ///
    /// Duplicate ids are asked for once. The answer maps each found id to its `Vendor` object.
    public func retrieveVendors(ids: [String]) async throws(SquareError) -> [String: JSONValue] {
        var seen = Set<String>()
        let unique = ids.filter { !$0.isEmpty && seen.insert($0).inserted }
        var found: [String: JSONValue] = [:]
        var start = 0
        while start < unique.count {
            let chunk = unique[start..<min(start + Self.vendorRetrieveLimit, unique.count)]
            start += chunk.count
            let body: JSONValue = ["vendor_ids": .array(chunk.map { .string($0) })]
            let answer = try await perform(SquareRequest(method: "POST", path: "/v2/vendors/bulk-retrieve", body: body))
            for member in answer["responses"]?.objectValue ?? JSONObject() {
                guard let vendor = member.value["vendor"], vendor.objectValue != nil else { continue }
                found[member.key] = vendor
            }
        }
        return found
    }

    /// Every vendor (`POST /v2/vendors/search`, all pages).
    ///
    /// Each follow-up page resends the first request's body with the answer's `cursor`.
    public func searchAllVendors() async throws(SquareError) -> [JSONValue] {
        var vendors: [JSONValue] = []
        var cursor: String?
        var seen = Set<String>()
        repeat {
            var body: JSONValue = [:]
            if let cursor { body["cursor"] = .string(cursor) }
            let answer = try await perform(SquareRequest(method: "POST", path: "/v2/vendors/search", body: body))
            vendors += answer["vendors"]?.arrayValue ?? []
            cursor = Self.cursor(in: answer)
            if let next = cursor, !seen.insert(next).inserted {
                throw SquareError(
                    kind: .badResponse, url: configuration.baseURL.absoluteString,
                    reason: "the same cursor came back twice")
            }
        } while cursor != nil
        return vendors
    }
}
