import CatalogCore
import Foundation

/// The sandbox data file: the whole account as one JSON document, replaced atomically on each save.
/// Inventory changes are kept as answered, in arrival order, under `inventory_changes`.
enum DataFile {
    static let format = "catalog-sandbox-1"

    /// Writes `state` to `path` through a temporary file and a rename. Objects are copied from
    /// their cached bytes, so a save costs about as much as writing the file.
    static func save(_ state: CatalogState, to path: String) throws(SandboxError) {
        let idempotency: [JSONValue] = state.idempotency.keys.sorted().compactMap { key in
            guard let record = state.idempotency[key] else { return nil }
            return [
                "key": .string(key), "hash": .string(String(record.requestHash, radix: 16)),
                "status": .int(record.status), "body": .string(String(decoding: record.body, as: UTF8.self)),
            ]
        }
        let header: JSONValue = [
            "format": .string(format), "last_t": .int(state.lastT), "locations": .array(state.locations),
            "counts": .array(state.counts), "vendors": .array(state.vendors), "idempotency": .array(idempotency),
        ]
        var output = header.serializedBytes()
        output.removeLast()
        output.append(contentsOf: Array(",\"objects\":[".utf8))
        var first = true
        for (index, entry) in state.log.enumerated() {
            guard let object = state.objects[entry.id], object.logPosition == index else { continue }
            if !first { output.append(UInt8(ascii: ",")) }
            first = false
            output.append(contentsOf: object.bytes)
        }
        output.append(contentsOf: Array("],\"inventory_changes\":[".utf8))
        for (index, record) in state.inventoryHistory.records.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output.append(contentsOf: record.bytes)
        }
        output.append(contentsOf: [UInt8(ascii: "]"), UInt8(ascii: "}")])
        do {
            try WholeFile.replace(path, with: output)
        } catch {
            throw .unwritableDataFile(path: path, reason: error.reason)
        }
    }

    /// The state saved at `path`, or nil when there is no file there yet.
    static func load(from path: String) throws(SandboxError) -> CatalogState? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let document: JSONValue
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            document = try JSONValue.parse(data)
        } catch {
            throw .unreadableDataFile(path: path, reason: "\(error)")
        }
        guard document["format"]?.stringValue == format, let lastT = document["last_t"]?.int64Value,
            let objects = document["objects"]?.arrayValue
        else { throw .unreadableDataFile(path: path, reason: "it is not a \(format) document") }
        var state = CatalogState()
        state.lastT = lastT
        var live: [(String, String)] = []
        for json in objects {
            guard let id = json["id"]?.stringValue, let type = json["type"]?.stringValue,
                let version = json["version"]?.int64Value
            else { throw .unreadableDataFile(path: path, reason: "an object lacks its id, type or version") }
            let isDeleted = json["is_deleted"]?.boolValue ?? false
            let parentId = type == "ITEM_VARIATION" ? json["item_variation_data"]?["item_id"]?.stringValue : nil
            var object = StoredObject(
                json: json, type: type, version: version, isDeleted: isDeleted, logPosition: state.log.count,
                parentId: parentId)
            object.encode()
            state.objects[id] = object
            state.log.append(LogEntry(id: id, version: version, type: type, isDeleted: isDeleted))
            if let parentId, !isDeleted { live.append((id, parentId)) }
        }
        for (id, parentId) in live { state.attach(id, to: parentId) }
        state.locations = document["locations"]?.arrayValue ?? []
        for count in document["counts"]?.arrayValue ?? [] {
            if let id = count["catalog_object_id"]?.stringValue {
                state.countsByObject[id, default: []].append(state.counts.count)
            }
            state.counts.append(count)
        }
        for vendor in document["vendors"]?.arrayValue ?? [] { state.addVendor(vendor) }
        // A file written before the sandbox kept inventory history has none: its counts are the base.
        for change in document["inventory_changes"]?.arrayValue ?? [] {
            guard let record = InventoryRecord(answered: change) else {
                throw .unreadableDataFile(path: path, reason: "an inventory change lacks its ids, quantity or times")
            }
            state.inventoryHistory.append(record)
        }
        for record in document["idempotency"]?.arrayValue ?? [] {
            guard let key = record["key"]?.stringValue,
                let hash = record["hash"]?.stringValue.flatMap({
                    UInt64($0, radix: 16)
                }), let status = record["status"]?.int64Value, let body = record["body"]?.stringValue
            else { continue }
            state.idempotency[key] = IdempotentRecord(requestHash: hash, status: Int(status), body: Array(body.utf8))
        }
        return state
    }
}
