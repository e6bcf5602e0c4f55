import CatalogCore

/// What one validated upsert batch writes.
struct StagedBatch {
    var written: [String: StoredObject] = [:]
    var topIds: [String] = []
    var mappings: [(client: String, object: String)] = []
}

extension CatalogState {
    /// Validates one batch of upserted objects at version `t`; throws the error that rejects the whole batch.
    func stageUpsert(_ input: [JSONValue], t: Int64) throws(APIError) -> StagedBatch {
        var batch = StagedBatch()
        var mapping: [String: String] = [:]
        var issued = Set<String>()
        var named = Set<String>()
        // Give every `#` id in the batch a new id, and reject ids named twice.
        for object in input {
            let nested =
                object["type"]?.stringValue == "ITEM" ? object["item_data"]?["variations"]?.arrayValue ?? [] : []
            for candidate in [object] + nested {
                guard let id = candidate["id"]?.stringValue, !id.isEmpty else {
                    throw .invalid("MISSING_REQUIRED_PARAMETER", "Every object needs an id.", field: "id")
                }
                guard named.insert(id).inserted else {
                    throw .invalid("INVALID_VALUE", "Object id \(id) appears more than once in the batch.", field: "id")
                }
                guard id.hasPrefix("#") else { continue }
                var fresh = ObjectIds.random()
                while objects[fresh] != nil || issued.contains(fresh) { fresh = ObjectIds.random() }
                issued.insert(fresh)
                mapping[id] = fresh
                batch.mappings.append((client: id, object: fresh))
            }
        }
        let resolved = mapping.isEmpty ? input : input.map { Self.resolve($0, mapping) }
        var staged: [String: StoredObject] = [:]
        var variations: [JSONValue] = []
        for object in resolved {
            guard case .object = object, let type = object["type"]?.stringValue, let id = object["id"]?.stringValue
            else { throw .invalid("MISSING_REQUIRED_PARAMETER", "Every object needs a type and an id.", field: "type") }
            batch.topIds.append(id)
            if type == "ITEM_VARIATION" {
                variations.append(object)
                continue
            }
            try checkWritable(id, type: type, isNew: issued.contains(id), version: object["version"])
            if type == "ITEM" {
                try stageItem(object, id: id, t: t, issued: issued, into: &staged)
            } else {
                staged[id] = Self.stamp(object, type: type, t: t, parentId: nil)
            }
        }
        for object in variations {
            guard let id = object["id"]?.stringValue else { continue }
            try checkWritable(id, type: "ITEM_VARIATION", isNew: issued.contains(id), version: object["version"])
            guard let parent = object["item_variation_data"]?["item_id"]?.stringValue else {
                throw .invalid(
                    "MISSING_REQUIRED_PARAMETER", "A variation needs item_variation_data.item_id.",
                    field: "item_variation_data.item_id")
            }
            let parentIsStaged = staged[parent].map { $0.type == "ITEM" && !$0.isDeleted } ?? false
            let parentIsLive = objects[parent].map { $0.type == "ITEM" && !$0.isDeleted } ?? false
            guard parentIsStaged || parentIsLive else {
                throw .invalid("INVALID_VALUE", "item_id \(parent) does not name an item.", field: "item_id")
            }
            staged[id] = Self.stamp(object, type: "ITEM_VARIATION", t: t, parentId: parent)
            for itemId in [parent, objects[id]?.parentId].compactMap({ $0 }) where staged[itemId] == nil {
                if let item = objects[itemId], !item.isDeleted { staged[itemId] = Self.bump(item, t: t) }
            }
        }
        try checkLocations(&staged)
        try checkPricing(staged)
        try checkObjectLimits(staged)
        try checkCustomAttributes(&staged)
        batch.written = staged
        return batch
    }

    /// Square's location rules for the staged variations: a variation may not be present where its item
    /// is absent (400 INVALID_VALUE), and `location_overrides[].sold_out` is Square's to set, so what a
    /// client sends there is replaced by what the sandbox holds.
    private func checkLocations(_ staged: inout [String: StoredObject]) throws(APIError) {
        for (id, variation) in staged where variation.type == "ITEM_VARIATION" && !variation.isDeleted {
            guard let parent = variation.parentId, let item = staged[parent] ?? objects[parent] else { continue }
            for location in locations.compactMap({ $0["id"]?.stringValue })
            where Self.isPresent(variation.json, at: location) && !Self.isPresent(item.json, at: location) {
                throw .invalid(
                    "INVALID_VALUE",
                    "Variation \(id) cannot be present at location \(location), where its item \(parent) is absent.",
                    field: "present_at_location_ids")
            }
            guard var overrides = variation.json["item_variation_data"]?["location_overrides"]?.arrayValue else {
                continue
            }
            let held = objects[id]?.json["item_variation_data"]?["location_overrides"]?.arrayValue ?? []
            for index in overrides.indices {
                let location = overrides[index]["location_id"]
                let soldOut = held.first { $0["location_id"] == location }?["sold_out"]
                overrides[index]["sold_out"] = soldOut?.boolValue == true ? true : nil
            }
            staged[id]?.json["item_variation_data"]?["location_overrides"] = .array(overrides)
        }
    }

    /// Square's presence rule: everywhere but the absent locations, or only the present ones.
    static func isPresent(_ object: JSONValue, at location: String) -> Bool {
        func listed(_ key: String) -> Bool { object[key]?.arrayValue?.contains(.string(location)) ?? false }
        if object["present_at_all_locations"]?.boolValue ?? true { return !listed("absent_at_location_ids") }
        return listed("present_at_location_ids")
    }

    /// Marks a variation sold out (or not) at a location, as Square does when stock runs out: only the
    /// sandbox's owner sets it (`catalog sandbox` seeds, tests), never a client's upsert.
    mutating func setSoldOut(variationID: String, locationID: String, soldOut: Bool, t: Int64) throws(APIError) {
        guard var variation = objects[variationID], variation.type == "ITEM_VARIATION", !variation.isDeleted else {
            throw .invalid("NOT_FOUND", "Variation \(variationID) was not found.", field: "id")
        }
        var overrides = variation.json["item_variation_data"]?["location_overrides"]?.arrayValue ?? []
        let index = overrides.firstIndex { $0["location_id"]?.stringValue == locationID }
        var entry = index.map { overrides[$0] } ?? ["location_id": .string(locationID)]
        entry["sold_out"] = soldOut ? true : nil
        if let index { overrides[index] = entry } else { overrides.append(entry) }
        variation.json["item_variation_data"]?["location_overrides"] = .array(overrides)
        variation = Self.bump(variation, t: t)
        commit([variationID: variation], t: t)
    }

    /// Stages an item, its nested variations, and tombstones for the live variations it left out.
    private func stageItem(
        _ object: JSONValue, id: String, t: Int64, issued: Set<String>, into staged: inout [String: StoredObject]
    ) throws(APIError) {
        var item = object
        var keep = Set<String>()
        for variation in object["item_data"]?["variations"]?.arrayValue ?? [] {
            guard variation["type"]?.stringValue == "ITEM_VARIATION", let variationId = variation["id"]?.stringValue
            else { throw .invalid("INVALID_VALUE", "item_data.variations holds only ITEM_VARIATION objects.") }
            try checkWritable(
                variationId, type: "ITEM_VARIATION", isNew: issued.contains(variationId), version: variation["version"])
            var json = variation
            json["item_variation_data"]?["item_id"] = .string(id)
            if json["item_variation_data"] == nil { json["item_variation_data"] = ["item_id": .string(id)] }
            staged[variationId] = Self.stamp(json, type: "ITEM_VARIATION", t: t, parentId: id)
            keep.insert(variationId)
        }
        for variationId in liveVariations[id] ?? [] where !keep.contains(variationId) {
            if let old = objects[variationId] { staged[variationId] = Self.tombstone(old, t: t) }
        }
        if item["item_data"] != nil { item["item_data"]?["variations"] = .array([]) }
        staged[id] = Self.stamp(item, type: "ITEM", t: t, parentId: nil)
    }

    /// Throws unless `id` may be written: new, or live with the same type and the current version.
    func checkWritable(_ id: String, type: String, isNew: Bool, version: JSONValue?) throws(APIError) {
        if isNew { return }
        guard let existing = objects[id], !existing.isDeleted else {
            throw .invalid("NOT_FOUND", "Object \(id) was not found; new objects use ids starting with #.", field: "id")
        }
        guard existing.type == type else {
            throw .invalid("INVALID_VALUE", "Object \(id) is a \(existing.type), not a \(type).", field: "type")
        }
        guard let sent = version?.int64Value, sent == existing.version else { throw .versionMismatch }
    }

    /// The object as written at `t`: server fields set, everything the client sent kept.
    static func stamp(_ input: JSONValue, type: String, t: Int64, parentId: String?) -> StoredObject {
        var json = input
        json["updated_at"] = .string(SandboxTime.format(t))
        json["version"] = .int(t)
        json["is_deleted"] = false
        if json["present_at_all_locations"] == nil { json["present_at_all_locations"] = true }
        return StoredObject(json: json, type: type, version: t, isDeleted: false, logPosition: -1, parentId: parentId)
    }

    /// The object with a new version and `updated_at`, nothing else changed (a parent item bump).
    static func bump(_ object: StoredObject, t: Int64) -> StoredObject {
        var bumped = object
        bumped.version = t
        bumped.json["updated_at"] = .string(SandboxTime.format(t))
        bumped.json["version"] = .int(t)
        return bumped
    }

    /// The tombstone of `object` written at `t`.
    static func tombstone(_ object: StoredObject, t: Int64) -> StoredObject {
        var dead = bump(object, t: t)
        dead.isDeleted = true
        dead.json["is_deleted"] = true
        return dead
    }

    /// `value` with every string that is a `#` id of this batch replaced by its new id.
    static func resolve(_ value: JSONValue, _ mapping: [String: String]) -> JSONValue {
        switch value {
        case .string(let text): text.hasPrefix("#") ? .string(mapping[text] ?? text) : value
        case .array(let items): .array(items.map { resolve($0, mapping) })
        case .object(let object):
            .object(JSONObject(object.members.map { (key: $0.key, value: resolve($0.value, mapping)) }))
        default: value
        }
    }
}
