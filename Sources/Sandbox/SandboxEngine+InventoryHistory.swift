import CatalogCore

extension SandboxEngine {
    /// Every `InventoryChangeType`; the sandbox keeps no transfers, so `TRANSFER` matches nothing.
    static let inventoryChangeTypes: Set<String> = ["PHYSICAL_COUNT", "ADJUSTMENT", "TRANSFER"]

    /// `POST /v2/inventory/changes/batch-retrieve` (and its older alias `/v2/inventory/batch-retrieve-changes`):
    /// the applied physical counts and adjustments that pass every filter given, oldest `occurred_at`
    /// first (changes that occurred at the same moment in the order they arrived), paged by cursor.
    ///
    /// `states` keeps an adjustment whose `from_state` or `to_state` is listed and a count whose `state`
    /// is; `updated_after` and `updated_before` bound `created_at` (exclusive). A cursor names the
    /// next change to answer, so changes that arrive between pages never shift a page.
    func inventoryChanges(_ request: SandboxRequest) throws(APIError) -> SandboxReply {
        let (json, cursor, hash) = try pagedBody(request, name: "inventory-changes")
        let objectIds = Set(try stringList(json["catalog_object_ids"], field: "catalog_object_ids"))
        let locationIds = Set(try stringList(json["location_ids"], field: "location_ids"))
        let types = try enumList(json["types"], field: "types", allowed: Self.inventoryChangeTypes)
        let states = try enumList(json["states"], field: "states", allowed: Self.inventoryStates)
        let after = try timeFilter(json["updated_after"], field: "updated_after")
        let before = try timeFilter(json["updated_before"], field: "updated_before")
        let limit = try pageLimit(json["limit"], default: 1000, max: 1000)
        let wanted = types.isEmpty ? ["PHYSICAL_COUNT", "ADJUSTMENT"] : types
        let history = state.inventoryHistory
        let candidates: [Int] =
            objectIds.isEmpty
            ? Array(history.records.indices)
            : objectIds.flatMap { id in
                (history.byVariation[id] ?? [:]).flatMap {
                    locationIds.isEmpty || locationIds.contains($0.key) ? $0.value : []
                }
            }
        var found = candidates.filter { position in
            let record = history.records[position]
            let created = Timestamp(epochMilliseconds: record.createdAt)
            return wanted.contains(record.type)
                && (locationIds.isEmpty || locationIds.contains(record.locationId))
                && (states.isEmpty || record.states.contains { states.contains($0) })
                && (after.map { created > $0 } ?? true) && (before.map { created < $0 } ?? true)
        }
        let order = { (position: Int) in (history.records[position].occurredAt, position) }
        found.sort { InventoryRecord.precedes(order($0), order($1)) }
        var start = 0
        if let cursor {
            let next = try Cursor.position(cursor, hash: hash)
            guard next < history.records.count else { throw Cursor.invalid }
            start = found.firstIndex { !InventoryRecord.precedes(order($0), order(next)) } ?? found.count
        }
        let end = min(start + limit, found.count)
        var output = Array("{".utf8)
        if start < end {
            output.append(contentsOf: Array("\"changes\":[".utf8))
            for (offset, position) in found[start..<end].enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                output.append(contentsOf: history.records[position].bytes)
            }
            output.append(UInt8(ascii: "]"))
        }
        if end < found.count {
            if start < end { output.append(UInt8(ascii: ",")) }
            output.append(contentsOf: Array("\"cursor\":".utf8))
            JSONValue.writeString(Cursor.make(position: found[end], hash: hash), to: &output)
        }
        output.append(UInt8(ascii: "}"))
        return SandboxReply(status: 200, bytes: output)
    }

    /// `GET /v2/inventory/physical-counts/{id}` and `GET /v2/inventory/adjustments/{id}`: one applied
    /// change of that kind as it was answered, under `count` or `adjustment`.
    func inventoryChange(id: String, counts: Bool) throws(APIError) -> SandboxReply {
        let record = state.inventoryHistory.byId[id].map { state.inventoryHistory.records[$0] }
        guard let record, record.isCount == counts, let payload = record.json[record.payloadKey] else {
            throw .notFound("No inventory \(counts ? "physical count" : "adjustment") has id \(id).")
        }
        return SandboxReply(json: [counts ? "count" : "adjustment": payload])
    }

    /// The values of a JSON array of enum names (missing = empty); throws INVALID_ENUM_VALUE naming
    /// the first value not in `allowed`.
    func enumList(_ value: JSONValue?, field: String, allowed: Set<String>) throws(APIError) -> Set<String> {
        let names = try stringList(value, field: field)
        if let index = names.firstIndex(where: { !allowed.contains($0) }) {
            throw .invalid(
                "INVALID_ENUM_VALUE", "\(names[index]) is not a valid \(field) value.", field: "\(field)[\(index)]")
        }
        return Set(names)
    }

    /// The instant of an optional RFC 3339 filter field; throws INVALID_TIME naming the field.
    func timeFilter(_ value: JSONValue?, field: String) throws(APIError) -> Timestamp? {
        guard let value, !value.isNull else { return nil }
        guard let text = value.stringValue, let instant = Timestamp(rfc3339: text) else {
            throw .invalid("INVALID_TIME", "\(field) must be an RFC 3339 timestamp.", field: field)
        }
        return instant
    }
}
