import CatalogCore

extension SandboxEngine {
    static let limits: [(String, Int64)] = [
        ("batch_upsert_max_objects_per_batch", 1000), ("batch_upsert_max_total_objects", 10000),
        ("batch_retrieve_max_object_ids", 1000), ("search_max_page_limit", 1000),
        ("batch_delete_max_object_ids", 200), ("update_item_taxes_max_item_ids", 1000),
        ("update_item_taxes_max_taxes_to_enable", 1000), ("update_item_taxes_max_taxes_to_disable", 1000),
        ("update_item_modifier_lists_max_item_ids", 1000),
        ("update_item_modifier_lists_max_modifier_lists_to_enable", 1000),
        ("update_item_modifier_lists_max_modifier_lists_to_disable", 1000),
    ]

    static var info: JSONValue {
        ["limits": .object(JSONObject(limits.map { (key: $0.0, value: .int($0.1)) }))]
    }

    /// `GET /v2/catalog/list`: live objects of the named types, 100 per page.
    func list(_ request: SandboxRequest) throws(APIError) -> SandboxReply {
        let query = request.query
        let named = (query["types"] ?? "").split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces).uppercased()
        }.filter { !$0.isEmpty }
        let types = named.isEmpty ? nil : Set(named)
        let hash = StableHash.of("list?types=" + named.joined(separator: ","))
        let start =
            try query["cursor"].map { cursor throws(APIError) in
                state.position(of: try Cursor.key(cursor, hash: hash))
            } ?? 0
        let excluded = CatalogState.nestedTypes.union(["IMAGE"])
        let found = state.scan(from: start, limit: 100) { object in
            !object.isDeleted && (types?.contains(object.type) ?? !excluded.contains(object.type))
        }
        var extra: [(String, JSONValue)] = []
        if let next = found.next {
            extra.append(("cursor", .string(Cursor.make(key: state.logKey(at: next), hash: hash))))
        }
        return objectsReply(found.ids, related: [], extra: extra)
    }

    /// `POST /v2/catalog/search`: objects in write order after `begin_time`, paged by cursor.
    func search(_ request: SandboxRequest) throws(APIError) -> SandboxReply {
        let (json, cursor, hash) = try pagedBody(request, name: "search")
        var filter: CatalogQueryFilter?
        if let query = json["query"], !query.isNull { filter = try CatalogQueryFilter(query) }
        let names = try stringList(json["object_types"], field: "object_types")
        // With a query and no object_types every type is searched, nested ones too (a SKU is a variation's).
        let types = names.isEmpty ? filter?.impliedTypes : Set(names.map { $0.uppercased() })
        let nestedToo = filter != nil
        let includeDeleted = json["include_deleted_objects"]?.boolValue ?? false
        let includeRelated = json["include_related_objects"]?.boolValue ?? false
        let limit = try pageLimit(json["limit"], default: 100, max: 1000)
        var start = 0
        if let beginTime = json["begin_time"] {
            guard let text = beginTime.stringValue, let ms = SandboxTime.parse(text) else {
                throw .invalid("INVALID_TIME", "begin_time must be an RFC 3339 timestamp.", field: "begin_time")
            }
            start = state.firstPosition(after: ms)
        }
        func wanted(_ entry: LogEntry) -> Bool {
            guard includeDeleted || !entry.isDeleted,
                types?.contains(entry.type) ?? (nestedToo || !CatalogState.nestedTypes.contains(entry.type))
            else { return false }
            guard let filter else { return true }
            return state.objects[entry.id].map { filter.matches($0.json) } ?? false
        }
        if let filter, filter.impliedTypes == nil, case .sorted = filter.kind {
            return try sortedSearch(
                filter, from: start, limit: limit, cursor: cursor, hash: hash,
                includeRelated: includeRelated, wanted: wanted)
        }
        if let cursor { start = max(start, state.position(of: try Cursor.key(cursor, hash: hash))) }
        let found = state.scan(from: start, limit: limit, match: wanted)
        let related = includeRelated ? state.relatedObjectIds(of: found.ids) : []
        var extra: [(String, JSONValue)] = []
        if let next = found.next {
            extra.append(("cursor", .string(Cursor.make(key: state.logKey(at: next), hash: hash))))
        }
        extra.append(("latest_time", .string(state.latestTime)))
        return objectsReply(found.ids, related: related, extra: extra)
    }

    /// A `sorted_attribute_query` search: every match in the attribute's order, paged by position.
    private func sortedSearch(
        _ filter: CatalogQueryFilter, from start: Int, limit: Int, cursor: String?, hash: UInt64, includeRelated: Bool,
        wanted: (LogEntry) -> Bool
    ) throws(APIError) -> SandboxReply {
        let all = state.scan(from: start, limit: Int.max, match: wanted).ids
        let sorted = all.sorted { left, right in
            guard let lhs = state.objects[left]?.json, let rhs = state.objects[right]?.json else { return left < right }
            return filter.ordered(lhs, rhs) ?? (left < right)
        }
        let offset = try Cursor.offset(cursor, hash: hash)
        let page = Array(sorted.dropFirst(offset).prefix(limit))
        var extra: [(String, JSONValue)] = []
        if offset + page.count < sorted.count {
            extra.append(("cursor", .string(Cursor.make(position: offset + page.count, hash: hash))))
        }
        extra.append(("latest_time", .string(state.latestTime)))
        return objectsReply(page, related: includeRelated ? state.relatedObjectIds(of: page) : [], extra: extra)
    }

    /// `GET /v2/catalog/object/{id}`: one live object.
    func retrieve(_ request: SandboxRequest, id: String) throws(APIError) -> SandboxReply {
        guard let object = state.objects[id], !object.isDeleted, let rendered = state.render(id) else {
            throw .notFound("Catalog object \(id) was not found.")
        }
        var body: JSONValue = ["object": rendered]
        if request.query["include_related_objects"]?.lowercased() == "true" {
            let related = state.relatedObjectIds(of: [id]).compactMap { state.render($0) }
            if !related.isEmpty { body["related_objects"] = .array(related) }
        }
        return SandboxReply(json: body)
    }

    /// `POST /v2/catalog/batch-retrieve`: the named objects that exist, tombstones only when asked.
    func batchRetrieve(_ request: SandboxRequest) throws(APIError) -> SandboxReply {
        let json = try request.jsonBody()
        let ids = try idList(json, field: "object_ids", noun: "object", max: 1000)
        let includeDeleted = json["include_deleted_objects"]?.boolValue ?? false
        var seen = Set<String>()
        let found = ids.filter { id in
            guard seen.insert(id).inserted, let object = state.objects[id] else { return false }
            return includeDeleted || !object.isDeleted
        }
        let includeRelated = json["include_related_objects"]?.boolValue ?? false
        return objectsReply(found, related: includeRelated ? state.relatedObjectIds(of: found) : [], extra: [])
    }

    /// `{"objects":[...],"related_objects":[...],...extra}` written from the cached object bytes.
    func objectsReply(_ ids: [String], related: [String], extra: [(String, JSONValue)]) -> SandboxReply {
        var output: [UInt8] = []
        output.reserveCapacity(64 + ids.count * 1024)
        output.append(UInt8(ascii: "{"))
        var first = true
        func key(_ name: String) {
            if !first { output.append(UInt8(ascii: ",")) }
            first = false
            JSONValue.writeString(name, to: &output)
            output.append(UInt8(ascii: ":"))
        }
        for (name, list) in [("objects", ids), ("related_objects", related)] where !list.isEmpty {
            key(name)
            output.append(UInt8(ascii: "["))
            for (offset, id) in list.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                state.write(id, to: &output)
            }
            output.append(UInt8(ascii: "]"))
        }
        for (name, value) in extra {
            key(name)
            value.write(to: &output)
        }
        output.append(UInt8(ascii: "}"))
        return SandboxReply(status: 200, bytes: output)
    }

    /// A paged request's body without its cursor, the cursor, and the fingerprint a cursor carries: `name` and
    /// the rest of the body, so a cursor is refused on any other request.
    func pagedBody(
        _ request: SandboxRequest, name: String
    ) throws(APIError) -> (json: JSONValue, cursor: String?, hash: UInt64) {
        var json = try request.jsonBody()
        let cursor = json["cursor"]?.stringValue
        json["cursor"] = nil
        return (json, cursor, StableHash.of(Array(name.utf8) + json.serializedBytes()))
    }

    /// The strings of a JSON array field (missing = empty); throws when it is not an array of strings.
    func stringList(_ value: JSONValue?, field: String) throws(APIError) -> [String] {
        guard let value, !value.isNull else { return [] }
        guard let array = value.arrayValue else {
            throw .invalid("EXPECTED_ARRAY", "\(field) must be an array of strings.", field: field)
        }
        var strings: [String] = []
        for element in array {
            guard let text = element.stringValue else {
                throw .invalid("EXPECTED_STRING", "\(field) must be an array of strings.", field: field)
            }
            strings.append(text)
        }
        return strings
    }

    /// The ids a batch request names in `field`: at least one and at most `max` (`noun` says what they are, in
    /// Square's error).
    func idList(_ json: JSONValue, field: String, noun: String, max: Int) throws(APIError) -> [String] {
        let ids = try stringList(json[field], field: field)
        guard !ids.isEmpty else {
            throw .invalid("MISSING_REQUIRED_PARAMETER", "\(field) must name at least one \(noun).", field: field)
        }
        guard ids.count <= max else {
            throw .invalid("ARRAY_LENGTH_TOO_LONG", "\(field) may name at most \(max) \(noun)s.", field: field)
        }
        return ids
    }

    /// A page size between 1 and `max`, `default` when absent.
    func pageLimit(_ value: JSONValue?, default fallback: Int, max: Int) throws(APIError) -> Int {
        guard let value, !value.isNull else { return fallback }
        guard let limit = value.int64Value else {
            throw .invalid("EXPECTED_INTEGER", "limit must be an integer.", field: "limit")
        }
        guard limit >= 1 else { throw .invalid("VALUE_TOO_LOW", "limit must be at least 1.", field: "limit") }
        guard limit <= Int64(max) else {
            throw .invalid("VALUE_TOO_HIGH", "limit must be at most \(max).", field: "limit")
        }
        return Int(limit)
    }
}
