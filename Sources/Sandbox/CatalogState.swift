import CatalogCore

/// One catalog object as the sandbox keeps it. Items are kept without their variations
/// (`item_data.variations` holds an empty placeholder); reads put the live variations back.
struct StoredObject: Sendable {
    var json: JSONValue
    var type: String
    var version: Int64
    var isDeleted: Bool
    /// Index of this object's latest entry in the write log.
    var logPosition: Int
    /// For a variation, the id of its item.
    var parentId: String?
}

/// One entry of the append-only write log: the log is ordered by version, then id.
struct LogEntry: Sendable {
    var id: String
    var version: Int64
}

/// A stored response for an idempotency key.
struct IdempotentRecord: Sendable {
    var requestHash: UInt64
    var status: Int
    var body: [UInt8]
}

/// The whole seller account the sandbox serves: catalog, write log, locations, inventory counts.
struct CatalogState: Sendable {
    var objects: [String: StoredObject] = [:]
    var log: [LogEntry] = []
    var liveVariations: [String: Set<String>] = [:]
    var lastT: Int64 = 0
    var locations: [JSONValue] = []
    var counts: [JSONValue] = []
    var countsByObject: [String: [Int]] = [:]
    var idempotency: [String: IdempotentRecord] = [:]

    /// The version for the next write: `max(now_ms, last + 1)`. Not consumed until `commit`.
    func nextT(nowMs: Int64) -> Int64 { max(nowMs, lastT + 1) }

    /// The catalog's latest update time.
    var latestTime: String { Timestamp.format(lastT) }

    /// Stores `written` (already carrying version `t`) and appends them to the log in id order.
    mutating func commit(_ written: [String: StoredObject], t: Int64) {
        guard !written.isEmpty else { return }
        lastT = max(lastT, t)
        for id in written.keys.sorted() {
            guard var object = written[id] else { continue }
            if let old = objects[id], old.type == "ITEM_VARIATION", let oldParent = old.parentId {
                liveVariations[oldParent]?.remove(id)
            }
            object.logPosition = log.count
            log.append(LogEntry(id: id, version: object.version))
            if object.type == "ITEM_VARIATION", !object.isDeleted, let parent = object.parentId {
                liveVariations[parent, default: []].insert(id)
            }
            objects[id] = object
        }
    }

    /// The object as a client sees it: an item carries its live variations ordered by ordinal, then id.
    func render(_ id: String) -> JSONValue? {
        guard let object = objects[id] else { return nil }
        guard object.type == "ITEM" else { return object.json }
        var json = object.json
        if object.isDeleted {
            json["item_data"]?["variations"] = nil
            return json
        }
        let variations = liveVariationIds(of: id).compactMap { objects[$0]?.json }
        json["item_data"]?["variations"] = .array(variations)
        if json["item_data"] == nil { json["item_data"] = ["variations": .array(variations)] }
        return json
    }

    /// Ids of the item's live variations, ordered by ordinal, then id.
    func liveVariationIds(of itemId: String) -> [String] {
        guard let ids = liveVariations[itemId], !ids.isEmpty else { return [] }
        return ids.map { id -> (Int64, String) in
            (objects[id]?.json["item_variation_data"]?["ordinal"]?.int64Value ?? 0, id)
        }.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }.map(\.1)
    }

    /// Ids of the live categories, taxes, images, modifier lists and items an object refers to.
    func relatedIds(of json: JSONValue) -> [String] {
        var ids: [String] = []
        if let item = json["item_data"] {
            if let id = item["category_id"]?.stringValue { ids.append(id) }
            for category in item["categories"]?.arrayValue ?? [] {
                if let id = category["id"]?.stringValue { ids.append(id) }
            }
            if let id = item["reporting_category"]?["id"]?.stringValue { ids.append(id) }
            for id in item["tax_ids"]?.arrayValue ?? [] { if let id = id.stringValue { ids.append(id) } }
            for id in item["image_ids"]?.arrayValue ?? [] { if let id = id.stringValue { ids.append(id) } }
            for info in item["modifier_list_info"]?.arrayValue ?? [] {
                if let id = info["modifier_list_id"]?.stringValue { ids.append(id) }
            }
            for variation in item["variations"]?.arrayValue ?? [] { ids.append(contentsOf: relatedIds(of: variation)) }
        }
        if let variation = json["item_variation_data"] {
            if let id = variation["item_id"]?.stringValue { ids.append(id) }
            for id in variation["image_ids"]?.arrayValue ?? [] { if let id = id.stringValue { ids.append(id) } }
        }
        return ids.filter { objects[$0].map { !$0.isDeleted } ?? false }
    }

    /// The related objects of `results`, each once, leaving out objects already in `results`.
    func relatedObjects(of results: [JSONValue]) -> [JSONValue] {
        var seen = Set(results.compactMap { $0["id"]?.stringValue })
        var related: [JSONValue] = []
        for result in results {
            for id in relatedIds(of: result) where !seen.contains(id) {
                seen.insert(id)
                if let json = render(id) { related.append(json) }
            }
        }
        return related
    }
}
