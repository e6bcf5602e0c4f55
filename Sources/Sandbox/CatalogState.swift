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
    /// The serialized JSON, kept so pages are copied rather than re-serialized.
    var bytes: [UInt8] = []
    /// For a live item, where in `bytes` the empty `[]` of `item_data.variations` starts.
    var splice: Int?
    /// For a variation, `item_variation_data.ordinal` (0 when absent).
    var ordinal: Int64 = 0

    /// Fills `bytes` and `splice` from `json` in one pass.
    mutating func encode() {
        if type == "ITEM_VARIATION" { ordinal = json["item_variation_data"]?["ordinal"]?.int64Value ?? 0 }
        guard type == "ITEM", !isDeleted, case .object(var object) = json else {
            bytes = json.serializedBytes()
            splice = nil
            return
        }
        if object["item_data"]?.objectValue == nil {
            object["item_data"] = ["variations": []]
            json = .object(object)
        }
        var output: [UInt8] = []
        output.reserveCapacity(512)
        var found: Int?
        output.append(UInt8(ascii: "{"))
        for (offset, member) in object.members.enumerated() {
            if offset > 0 { output.append(UInt8(ascii: ",")) }
            JSONValue.writeString(member.key, to: &output)
            output.append(UInt8(ascii: ":"))
            guard member.key == "item_data", case .object(let data) = member.value else {
                member.value.write(to: &output)
                continue
            }
            output.append(UInt8(ascii: "{"))
            var wroteVariations = false
            for (index, field) in data.members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSONValue.writeString(field.key, to: &output)
                output.append(UInt8(ascii: ":"))
                if field.key == "variations" {
                    found = output.count
                    output.append(contentsOf: [UInt8(ascii: "["), UInt8(ascii: "]")])
                    wroteVariations = true
                } else {
                    field.value.write(to: &output)
                }
            }
            if !wroteVariations {
                if !data.isEmpty { output.append(UInt8(ascii: ",")) }
                JSONValue.writeString("variations", to: &output)
                output.append(UInt8(ascii: ":"))
                found = output.count
                output.append(contentsOf: [UInt8(ascii: "["), UInt8(ascii: "]")])
            }
            output.append(UInt8(ascii: "}"))
        }
        output.append(UInt8(ascii: "}"))
        bytes = output
        splice = found
    }
}

/// One entry of the append-only write log: the log is ordered by version, then id.
/// An entry is stale once its object has been written again; type and deletion are those of that write,
/// so a scan never has to look the object up to filter it.
struct LogEntry: Sendable {
    var id: String
    var version: Int64
    var type: String
    var isDeleted: Bool
    var stale = false
}

/// A stored response for an idempotency key.
struct IdempotentRecord: Sendable {
    var requestHash: UInt64
    var status: Int
    var body: [UInt8]
}

/// The whole seller account the sandbox serves: catalog, write log, locations, inventory counts and
/// history, vendors.
struct CatalogState: Sendable {
    var objects: [String: StoredObject] = [:]
    var log: [LogEntry] = []
    /// The live variations of each item, kept ordered by ordinal, then id.
    var liveVariations: [String: [String]] = [:]
    var lastT: Int64 = 0
    var locations: [JSONValue] = []
    var counts: [JSONValue] = []
    var countsByObject: [String: [Int]] = [:]
    /// Every inventory change applied, in arrival order: the counts above are worked out from it.
    var inventoryHistory = InventoryHistory()
    var idempotency: [String: IdempotentRecord] = [:]
    /// The seller's vendors (suppliers), in the order they were created.
    var vendors: [JSONValue] = []
    /// Where each vendor id sits in `vendors`.
    var vendorIndex: [String: Int] = [:]

    /// The version for the next write: `max(now_ms, last + 1)`. Not consumed until `commit`.
    func nextT(nowMs: Int64) -> Int64 { max(nowMs, lastT + 1) }

    /// The catalog's latest update time.
    var latestTime: String { SandboxTime.format(lastT) }

    /// Stores `written` (already carrying version `t`) and appends them to the log in id order.
    mutating func commit(_ written: [String: StoredObject], t: Int64) {
        guard !written.isEmpty else { return }
        lastT = max(lastT, t)
        for id in written.keys.sorted() {
            guard var object = written[id] else { continue }
            if let old = objects[id] {
                if old.logPosition >= 0, old.logPosition < log.count { log[old.logPosition].stale = true }
                if old.type == "ITEM_VARIATION", let oldParent = old.parentId {
                    liveVariations[oldParent]?.removeAll { $0 == id }
                }
            }
            object.logPosition = log.count
            object.encode()
            log.append(LogEntry(id: id, version: object.version, type: object.type, isDeleted: object.isDeleted))
            objects[id] = object
            if object.type == "ITEM_VARIATION", !object.isDeleted, let parent = object.parentId {
                attach(id, to: parent)
            }
        }
    }

    /// Adds a live variation to its item's ordered list.
    mutating func attach(_ variationId: String, to itemId: String) {
        var list = liveVariations[itemId] ?? []
        list.removeAll { $0 == variationId }
        list.append(variationId)
        if list.count > 1 {
            list.sort { left, right in
                let (a, b) = (objects[left]?.ordinal ?? 0, objects[right]?.ordinal ?? 0)
                return a != b ? a < b : left < right
            }
        }
        liveVariations[itemId] = list
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

    /// Appends the object as a client sees it (see `render`) to `output`, from the cached bytes.
    func write(_ id: String, to output: inout [UInt8]) {
        guard let object = objects[id] else { return }
        guard let splice = object.splice else {
            output.append(contentsOf: object.bytes)
            return
        }
        output.append(contentsOf: object.bytes[..<splice])
        output.append(UInt8(ascii: "["))
        for (offset, variationId) in liveVariationIds(of: id).enumerated() {
            if offset > 0 { output.append(UInt8(ascii: ",")) }
            output.append(contentsOf: objects[variationId]?.bytes ?? [])
        }
        output.append(contentsOf: object.bytes[(splice + 1)...])
    }

    /// Ids of the live objects related to the objects `ids` (and their variations), each once, not in `ids`.
    func relatedObjectIds(of ids: [String]) -> [String] {
        var seen = Set(ids)
        var related: [String] = []
        for id in ids {
            guard let object = objects[id] else { continue }
            var refs = relatedIds(of: object.json)
            if object.type == "ITEM" {
                for variationId in liveVariations[id] ?? [] {
                    if let variation = objects[variationId] { refs += relatedIds(of: variation.json) }
                }
            }
            for ref in refs where seen.insert(ref).inserted { related.append(ref) }
        }
        return related
    }

    /// Ids of the item's live variations, ordered by ordinal, then id.
    func liveVariationIds(of itemId: String) -> [String] {
        liveVariations[itemId] ?? []
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
}
