import CatalogCore

extension SandboxEngine {
    /// `POST /v2/inventory/counts/batch-retrieve`: counts filtered by object, location, time and state.
    func inventoryCounts(_ request: SandboxRequest) throws(APIError) -> SandboxReply {
        let (json, cursor, hash) = try pagedBody(request, name: "counts")
        let objectIds = try stringList(json["catalog_object_ids"], field: "catalog_object_ids")
        let locationIds = Set(try stringList(json["location_ids"], field: "location_ids"))
        let states = Set(try stringList(json["states"], field: "states"))
        let limit = try pageLimit(json["limit"], default: 1000, max: 1000)
        let after = try timeFilter(json["updated_after"], field: "updated_after")?.epochMilliseconds
        var candidates: [Int]?
        if !objectIds.isEmpty {
            candidates = Array(Set(objectIds.flatMap { state.countsByObject[$0] ?? [] })).sorted()
        }
        let total = candidates?.count ?? state.counts.count
        var position = try Cursor.offset(cursor, hash: hash)
        var page: [JSONValue] = []
        var next: Int?
        while position < total {
            let count = state.counts[candidates?[position] ?? position]
            let matches =
                (locationIds.isEmpty || locationIds.contains(count["location_id"]?.stringValue ?? ""))
                && (states.isEmpty || states.contains(count["state"]?.stringValue ?? ""))
                && (after.map { (SandboxTime.parse(count["calculated_at"]?.stringValue ?? "") ?? 0) > $0 } ?? true)
            if matches {
                if page.count == limit {
                    next = position
                    break
                }
                page.append(count)
            }
            position += 1
        }
        var body: JSONValue = [:]
        if !page.isEmpty { body["counts"] = .array(page) }
        if let next { body["cursor"] = .string(Cursor.make(position: next, hash: hash)) }
        return SandboxReply(json: body)
    }
}

extension SandboxEngine {
    /// `GET /v2/inventory/{catalog_object_id}`: the counts of one variation, optionally at some locations.
    func inventoryCount(_ request: SandboxRequest, id: String) -> SandboxReply {
        let locations = Set((request.query["location_ids"] ?? "").split(separator: ",").map(String.init))
        let counts = (state.countsByObject[id] ?? []).map { state.counts[$0] }.filter { count in
            locations.isEmpty || locations.contains(count["location_id"]?.stringValue ?? "")
        }
        return SandboxReply(json: counts.isEmpty ? [:] : ["counts": .array(counts)])
    }
}

extension CatalogState {
    /// Adds an IN_STOCK count for a variation at a location.
    mutating func addCount(variationId: String, locationId: String, quantity: String, calculatedAt: Int64) {
        countsByObject[variationId, default: []].append(counts.count)
        counts.append(
            Self.count(
                variationId: variationId, locationId: locationId, state: "IN_STOCK", quantity: quantity,
                calculatedAt: calculatedAt))
    }

    /// An `InventoryCount` as Square writes it, in Square's field order.
    static func count(variationId: String, locationId: String, state: String, quantity: String, calculatedAt: Int64)
        -> JSONValue
    {
        [
            "catalog_object_id": .string(variationId), "catalog_object_type": "ITEM_VARIATION",
            "state": .string(state), "location_id": .string(locationId), "quantity": .string(quantity),
            "calculated_at": .string(SandboxTime.format(calculatedAt)),
        ]
    }

    /// A location as `GET /v2/locations` returns it.
    static func location(
        id: String, name: String, createdAt: Int64, line1: String, town: String, merchantID: String
    ) -> JSONValue {
        [
            "id": .string(id), "name": .string(name),
            "address": ["address_line_1": .string(line1), "locality": .string(town), "country": "GB"],
            "timezone": "Europe/London", "capabilities": ["CREDIT_CARD_PROCESSING"], "status": "ACTIVE",
            "created_at": .string(SandboxTime.format(createdAt)), "merchant_id": .string(merchantID),
            "country": "GB", "language_code": "en-GB", "currency": "GBP", "business_name": "Sandbox Stores",
            "type": "PHYSICAL", "mcc": "5399",
        ]
    }
}
