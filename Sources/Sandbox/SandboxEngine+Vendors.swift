import CatalogCore
import Foundation

extension SandboxEngine {
    /// The most ids one bulk-retrieve request may name (Square does not publish its limit).
    static let vendorRetrieveLimit = 100
    /// Vendors per search page; small, so clients with a handful of vendors still meet a cursor.
    static let vendorPageSize = 10

    /// `POST /v2/vendors/bulk-retrieve`: `responses` maps each id to `{vendor}` or to `{errors}`.
    func bulkRetrieveVendors(_ request: SandboxRequest) throws(APIError) -> SandboxReply {
        let ids = try idList(try request.jsonBody(), field: "vendor_ids", noun: "vendor", max: Self.vendorRetrieveLimit)
        var responses = JSONObject()
        for id in ids where responses[id] == nil {
            if let vendor = state.vendor(id) {
                responses[id] = ["vendor": vendor]
            } else {
                responses[id] = APIError.invalid("NOT_FOUND", "Vendor \(id) was not found.", field: "vendor_id").body
            }
        }
        return SandboxReply(json: ["responses": .object(responses)])
    }

    /// `GET /v2/vendors/{vendor_id}`.
    func retrieveVendor(id: String) throws(APIError) -> SandboxReply {
        guard let vendor = state.vendor(id.removingPercentEncoding ?? id) else {
            throw .notFound("Vendor \(id) was not found.")
        }
        return SandboxReply(json: ["vendor": vendor])
    }

    /// `POST /v2/vendors/search`: filter by name and status, sort by NAME or CREATED_AT, paged by cursor.
    func searchVendors(_ request: SandboxRequest) throws(APIError) -> SandboxReply {
        let (json, cursor, hash) = try pagedBody(request, name: "vendors")
        let filter = json["filter"] ?? .null
        let names = Set(try stringList(filter["name"], field: "filter.name").map { $0.lowercased() })
        let statuses = Set(try stringList(filter["status"], field: "filter.status"))
        for status in statuses where !["ACTIVE", "INACTIVE"].contains(status) {
            throw .invalid("INVALID_ENUM_VALUE", "\(status) is not a vendor status.", field: "filter.status")
        }
        let field = json["sort"]?["field"]?.stringValue ?? "CREATED_AT"
        guard ["NAME", "CREATED_AT"].contains(field) else {
            throw .invalid("INVALID_ENUM_VALUE", "sort.field must be NAME or CREATED_AT.", field: "sort.field")
        }
        let order = json["sort"]?["order"]?.stringValue ?? "ASC"
        guard ["ASC", "DESC"].contains(order) else {
            throw .invalid("INVALID_ENUM_VALUE", "sort.order must be ASC or DESC.", field: "sort.order")
        }
        var found = state.vendors.filter { vendor in
            (names.isEmpty || names.contains(vendor["name"]?.stringValue?.lowercased() ?? ""))
                && (statuses.isEmpty || statuses.contains(vendor["status"]?.stringValue ?? ""))
        }
        let key = field == "NAME" ? "name" : "created_at"
        found.sort { left, right in
            let (a, b) = (left[key]?.stringValue ?? "", right[key]?.stringValue ?? "")
            if a != b { return order == "ASC" ? a < b : a > b }
            return (left["id"]?.stringValue ?? "") < (right["id"]?.stringValue ?? "")
        }
        let start = try Cursor.offset(cursor, hash: hash)
        let end = min(found.count, start + Self.vendorPageSize)
        var body: JSONValue = [:]
        if start < end { body["vendors"] = .array(Array(found[start..<end])) }
        if end < found.count { body["cursor"] = .string(Cursor.make(position: end, hash: hash)) }
        return SandboxReply(json: body)
    }
}
