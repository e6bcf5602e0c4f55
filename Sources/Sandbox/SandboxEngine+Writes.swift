import CatalogCore

extension SandboxEngine {
    /// `POST /v2/catalog/object`: upsert one object (an item with its variations).
    func upsertOne(_ request: SandboxRequest) throws(APIError) -> SandboxReply {
        let json = try request.jsonBody()
        return try idempotent(json, path: request.path) { () throws(APIError) -> SandboxReply in
            guard let object = json["object"], case .object = object else {
                throw .invalid("MISSING_REQUIRED_PARAMETER", "The request needs an object.", field: "object")
            }
            let t = state.nextT(nowMs: now())
            let batch = try state.stageUpsert([object], t: t)
            state.commit(batch.written, t: t)
            var body: JSONValue = [:]
            if let id = batch.topIds.first, let rendered = state.render(id) { body["catalog_object"] = rendered }
            if !batch.mappings.isEmpty { body["id_mappings"] = Self.mappings(batch.mappings) }
            return SandboxReply(json: body)
        }
    }

    /// `POST /v2/catalog/batch-upsert`: each batch all-or-nothing, batches independent, one version for all.
    func batchUpsert(_ request: SandboxRequest) throws(APIError) -> SandboxReply {
        let json = try request.jsonBody()
        return try idempotent(json, path: request.path) { () throws(APIError) -> SandboxReply in
            guard let batches = json["batches"]?.arrayValue, !batches.isEmpty else {
                throw .invalid("MISSING_REQUIRED_PARAMETER", "The request needs at least one batch.", field: "batches")
            }
            var total = 0
            var lists: [[JSONValue]] = []
            for batch in batches {
                guard let objects = batch["objects"]?.arrayValue, !objects.isEmpty else {
                    throw .invalid("MISSING_REQUIRED_PARAMETER", "Every batch needs objects.", field: "batches.objects")
                }
                guard objects.count <= 1000 else {
                    throw .invalid(
                        "ARRAY_LENGTH_TOO_LONG", "A batch may hold at most 1000 objects.", field: "batches.objects")
                }
                total += objects.count
                lists.append(objects)
            }
            guard total <= 10000 else {
                throw .invalid("ARRAY_LENGTH_TOO_LONG", "A request may hold at most 10000 objects.", field: "batches")
            }
            let t = state.nextT(nowMs: now())
            var errors: [APIError] = []
            var topIds: [String] = []
            var mappings: [(client: String, object: String)] = []
            for objects in lists {
                do throws(APIError) {
                    let batch = try state.stageUpsert(objects, t: t)
                    state.commit(batch.written, t: t)
                    topIds += batch.topIds
                    mappings += batch.mappings
                } catch {
                    errors.append(error)
                }
            }
            if errors.count == lists.count, let first = errors.first { throw first }
            if !topIds.isEmpty, !errors.isEmpty { persist() }
            var body: JSONValue = [:]
            if !errors.isEmpty { body["errors"] = .array(errors.map { $0.body["errors"]?[0] ?? .null }) }
            body["objects"] = .array(topIds.compactMap { state.render($0) })
            body["updated_at"] = .string(SandboxTime.format(t))
            if !mappings.isEmpty { body["id_mappings"] = Self.mappings(mappings) }
            return SandboxReply(status: errors.isEmpty ? 200 : 400, json: body)
        }
    }

    /// `DELETE /v2/catalog/object/{id}`.
    func deleteOne(id: String) throws(APIError) -> SandboxReply {
        guard let object = state.objects[id], !object.isDeleted else {
            throw .invalid("NOT_FOUND", "Catalog object \(id) was not found.", field: "object_id")
        }
        return try delete([id])
    }

    /// `POST /v2/catalog/batch-delete`: at most 200 ids.
    func batchDelete(_ request: SandboxRequest) throws(APIError) -> SandboxReply {
        let ids = try idList(try request.jsonBody(), field: "object_ids", noun: "object", max: 200)
        return try delete(ids)
    }

    private func delete(_ ids: [String]) throws(APIError) -> SandboxReply {
        try state.checkPricingDeletion(Set(ids))
        let t = state.nextT(nowMs: now())
        let staged = state.stageDelete(ids, t: t)
        guard !staged.deletedIds.isEmpty else { return SandboxReply(json: ["deleted_object_ids": []]) }
        state.commit(staged.written, t: t)
        persist()
        return SandboxReply(json: [
            "deleted_object_ids": .array(staged.deletedIds.map { .string($0) }),
            "deleted_at": .string(SandboxTime.format(t)),
        ])
    }

    /// Replays the stored answer for a repeated idempotency key, or runs `body` and stores a successful answer.
    func idempotent(
        _ json: JSONValue, path: String, _ body: () throws(APIError) -> SandboxReply
    ) throws(APIError) -> SandboxReply {
        guard let key = json["idempotency_key"]?.stringValue else {
            throw .invalid(
                "MISSING_REQUIRED_PARAMETER", "The request needs an idempotency_key.", field: "idempotency_key")
        }
        guard !key.isEmpty else {
            throw .invalid("VALUE_TOO_SHORT", "idempotency_key must not be empty.", field: "idempotency_key")
        }
        guard key.count <= 128 else {
            throw .invalid("VALUE_TOO_LONG", "idempotency_key may be at most 128 characters.", field: "idempotency_key")
        }
        let hash = StableHash.of(Array(path.utf8) + json.serializedBytes())
        if let record = state.idempotency[key] {
            guard record.requestHash == hash else {
                throw .invalid(
                    "IDEMPOTENCY_KEY_REUSED",
                    "This idempotency_key was used with a different request; "
                        + "use a new key for a new request.", field: "idempotency_key")
            }
            return SandboxReply(status: record.status, bytes: record.body)
        }
        let reply = try body()
        if reply.status == 200 {
            state.idempotency[key] = IdempotentRecord(requestHash: hash, status: reply.status, body: reply.body)
            persist()
        }
        return reply
    }

    static func mappings(_ pairs: [(client: String, object: String)]) -> JSONValue {
        .array(pairs.map { ["client_object_id": .string($0.client), "object_id": .string($0.object)] })
    }
}
