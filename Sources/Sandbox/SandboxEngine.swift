import CatalogCore
import Foundation
import Logging

/// A request as the engine sees it.
struct SandboxRequest: Sendable {
    var method: String
    var path: String
    var rawQuery: String
    var body: [UInt8]

    /// The decoded query parameters (the last value wins).
    var query: [String: String] {
        var result: [String: String] = [:]
        for pair in rawQuery.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            let key = String(parts[0]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
            let value = parts.count > 1 ? String(parts[1]).replacingOccurrences(of: "+", with: " ") : ""
            result[key] = value.removingPercentEncoding ?? value
        }
        return result
    }

    /// What follows `prefix` in `path` when that is one path segment (possibly empty), else nil.
    func id(after prefix: String) -> String? {
        guard path.hasPrefix(prefix) else { return nil }
        let id = path.dropFirst(prefix.count)
        return id.contains("/") ? nil : String(id)
    }

    /// The body parsed as a JSON object; throws BAD_REQUEST when it is not one.
    func jsonBody() throws(APIError) -> JSONValue {
        let value: JSONValue
        do { value = try JSONValue.parse(body.isEmpty ? Array("{}".utf8) : body) } catch {
            throw .invalid("BAD_REQUEST", "The request body is not valid JSON: \(error.description).")
        }
        guard case .object = value else { throw .invalid("BAD_REQUEST", "The request body must be a JSON object.") }
        return value
    }
}

/// An answer before it goes on the wire.
struct SandboxReply: Sendable {
    var status: Int
    var body: [UInt8]
    var retryAfter = false

    init(status: Int = 200, json: JSONValue) {
        self.status = status
        body = json.serializedBytes()
    }

    init(status: Int, bytes: [UInt8]) {
        self.status = status
        body = bytes
    }

    init(_ error: APIError) {
        self.init(status: error.status, json: error.body)
        retryAfter = error.status == 429
    }
}

/// What the fault plan decided for one request, before it is processed.
struct FaultDecision: Sendable {
    var rateLimit = false
    var fail = false
    var drop = false
    var foreign = false
    var latencyMs = 0
}

/// The seller account behind the server: state, fault plan, the write slot and the data file.
actor SandboxEngine {
    var state: CatalogState
    var faults: SandboxFaults
    private var random: ObjectIds
    private var requestCount = 0
    private var responseCount = 0
    private var writing = false
    /// Inventory counts changed by the request being handled, for the `inventory.count.updated` webhook: one
    /// group per variation and location (its IN_STOCK count, then each other state a change touched there).
    var pendingCountEvents: [[JSONValue]] = []
    /// When each catalog cursor was handed out (epoch ms), for the cursor lifetime fault.
    private var issuedCursors: [String: Int64] = [:]
    /// Catalog cursors sent back since the fault plan was set, for `expireCursorEvery`.
    private var cursorsPresented = 0
    let dataFile: String?
    let logger = Logger(label: "catalog.sandbox")
    /// The sandbox's clock (the machine's, moved by `SandboxConfiguration.clockOffset`).
    let clock: SandboxClock

    /// Now on the sandbox's clock, in epoch milliseconds.
    func now() -> Int64 { clock.nowMs() }

    init(state: CatalogState, faults: SandboxFaults, dataFile: String?, clock: SandboxClock = SandboxClock()) {
        self.state = state
        self.clock = clock
        self.faults = faults
        self.dataFile = dataFile
        random = ObjectIds(seed: faults.seed)
    }

    /// Replaces the fault plan and restarts its counters and random sequence.
    /// Marks a variation sold out (or not) at a location, as Square does on its own; saved like a write.
    func setSoldOut(variationID: String, locationID: String, soldOut: Bool) -> Bool {
        let t = state.nextT(nowMs: now())
        guard (try? state.setSoldOut(variationID: variationID, locationID: locationID, soldOut: soldOut, t: t)) != nil
        else { return false }
        persist()
        return true
    }

    func setFaults(_ faults: SandboxFaults) {
        self.faults = faults
        random = ObjectIds(seed: faults.seed)
        requestCount = 0
        responseCount = 0
        cursorsPresented = 0
    }

    /// Counts one request and decides, before anything is processed, which fault it gets.
    func decideFaults() -> FaultDecision {
        requestCount += 1
        responseCount += 1
        var decision = FaultDecision(latencyMs: max(0, faults.latencyMs))
        if faults.rateLimitEvery > 0, requestCount % faults.rateLimitEvery == 0 {
            decision.rateLimit = true
        } else if faults.failRate > 0 {
            let draw = Double(random.next() >> 11) / Double(1 << 53)
            decision.fail = draw < faults.failRate
        }
        decision.drop = faults.dropEvery > 0 && responseCount % faults.dropEvery == 0
        decision.foreign = faults.foreignAnswerEvery > 0 && requestCount % faults.foreignAnswerEvery == 0
        return decision
    }

    /// Takes the single write slot; false when another write is in progress.
    func beginWrite() -> Bool {
        if writing { return false }
        writing = true
        return true
    }

    /// Frees the write slot.
    func endWrite() { writing = false }

    /// Saves the state to the data file, if there is one.
    func persist() {
        guard let dataFile else { return }
        do { try DataFile.save(state, to: dataFile) } catch {
            logger.error("\(error)")
        }
    }

    /// Answers one authenticated request.
    func handle(_ request: SandboxRequest) -> SandboxReply {
        do throws(APIError) {
            try refuseExpiredCursor(request)
            try checkAgainstReference(request)
            var reply = try route(request)
            if reply.status == 200,
                Self.catalogReads.contains(request.path) || request.path.hasPrefix("/v2/catalog/object/")
            {
                reply = damagingAndNotingCursor(reply)
            }
            return reply
        } catch {
            return SandboxReply(error)
        }
    }

    /// The catalog reads whose objects the bad-object fault damages and whose cursors can expire.
    static let catalogReads: Set<String> = ["/v2/catalog/list", "/v2/catalog/search", "/v2/catalog/batch-retrieve"]

    /// With a cursor lifetime set, refuses a catalog cursor handed out longer ago than that.
    private func refuseExpiredCursor(_ request: SandboxRequest) throws(APIError) {
        guard faults.cursorTTLSeconds > 0 || faults.expireCursorEvery > 0, Self.catalogReads.contains(request.path),
            let cursor = request.query["cursor"] ?? (try? request.jsonBody())?["cursor"]?.stringValue
        else { return }
        let expired = APIError.invalid(
            "INVALID_CURSOR", "The cursor has expired; start the query again.", field: "cursor")
        if faults.expireCursorEvery > 0 {
            cursorsPresented += 1
            if cursorsPresented % faults.expireCursorEvery == 0 { throw expired }
        }
        if faults.cursorTTLSeconds > 0, let issued = issuedCursors[cursor],
            Double(now() - issued) / 1000 > faults.cursorTTLSeconds
        {
            throw expired
        }
    }

    /// A catalog read's answer with the fault plan's bad objects damaged, its cursor's issue time noted.
    private func damagingAndNotingCursor(_ reply: SandboxReply) -> SandboxReply {
        guard !faults.badObjects.isEmpty || faults.cursorTTLSeconds > 0,
            var json = try? JSONValue.parse(reply.body)
        else { return reply }
        if faults.cursorTTLSeconds > 0, let cursor = json["cursor"]?.stringValue { issuedCursors[cursor] = now() }
        guard !faults.badObjects.isEmpty else { return reply }
        func damaged(_ object: JSONValue) -> JSONValue {
            var object = object
            if let id = object["id"]?.stringValue, faults.badObjects.contains(id) { object["version"] = "damaged" }
            if let nested = object["item_data"]?["variations"]?.arrayValue {
                object["item_data"]?["variations"] = .array(nested.map(damaged))
            }
            return object
        }
        for key in ["objects", "related_objects"] {
            if let list = json[key]?.arrayValue { json[key] = .array(list.map(damaged)) }
        }
        if let object = json["object"] { json["object"] = damaged(object) }
        return SandboxReply(status: reply.status, json: json)
    }

    /// Answers one authenticated request, with the version it committed if it wrote to the catalog
    /// and the inventory counts it changed.
    func handleNotingWrite(_ request: SandboxRequest)
        -> (reply: SandboxReply, committedAt: Int64?, changedCounts: [[JSONValue]])
    {
        let before = state.lastT
        pendingCountEvents = []
        let reply = handle(request)
        let counts = pendingCountEvents
        pendingCountEvents = []
        return (reply, state.lastT != before ? state.lastT : nil, counts)
    }

    /// Whether `request` writes to the account (catalog or inventory), and so needs the write slot.
    static func isWrite(method: String, path: String) -> Bool {
        if method == "DELETE" { return path.hasPrefix("/v2/catalog/object/") }
        return method == "POST" && writePaths.contains(path)
    }

    static let writePaths: Set<String> = [
        "/v2/catalog/object", "/v2/catalog/batch-upsert", "/v2/catalog/batch-delete",
        "/v2/inventory/changes/batch-create", "/v2/inventory/batch-change", "/v2/locations",
    ]

    private func route(_ request: SandboxRequest) throws(APIError) -> SandboxReply {
        let objectPrefix = "/v2/catalog/object/"
        switch (request.method, request.path) {
        case ("GET", "/v2/catalog/list"): return try list(request)
        case ("POST", "/v2/catalog/search"): return try search(request)
        case ("POST", "/v2/catalog/search-catalog-items"): return try searchCatalogItems(request)
        case ("POST", "/v2/catalog/batch-retrieve"): return try batchRetrieve(request)
        case ("POST", "/v2/catalog/object"): return try upsertOne(request)
        case ("POST", "/v2/catalog/batch-upsert"): return try batchUpsert(request)
        case ("POST", "/v2/catalog/batch-delete"): return try batchDelete(request)
        case ("GET", "/v2/catalog/info"): return SandboxReply(json: Self.info)
        case ("GET", "/v2/locations"): return SandboxReply(json: ["locations": .array(state.locations)])
        case ("POST", "/v2/locations"): return try createLocation(request)
        case ("POST", "/v2/inventory/counts/batch-retrieve"): return try inventoryCounts(request)
        case ("POST", "/v2/inventory/changes/batch-create"), ("POST", "/v2/inventory/batch-change"):
            return try batchChangeInventory(request)
        case ("POST", "/v2/inventory/changes/batch-retrieve"), ("POST", "/v2/inventory/batch-retrieve-changes"):
            return try inventoryChanges(request)
        case ("POST", "/v2/vendors/bulk-retrieve"): return try bulkRetrieveVendors(request)
        case ("POST", "/v2/vendors/search"): return try searchVendors(request)
        case ("GET", _) where request.id(after: "/v2/vendors/") != nil:
            return try retrieveVendor(id: request.id(after: "/v2/vendors/") ?? "")
        case ("GET", _) where request.id(after: "/v2/inventory/physical-counts/") != nil:
            return try inventoryChange(id: request.id(after: "/v2/inventory/physical-counts/") ?? "", counts: true)
        case ("GET", _) where request.id(after: "/v2/inventory/adjustments/") != nil:
            return try inventoryChange(id: request.id(after: "/v2/inventory/adjustments/") ?? "", counts: false)
        case ("GET", _) where request.path.hasPrefix(objectPrefix):
            return try retrieve(request, id: String(request.path.dropFirst(objectPrefix.count)))
        case ("GET", _) where request.id(after: "/v2/inventory/") != nil:
            return inventoryCount(request, id: request.id(after: "/v2/inventory/") ?? "")
        case ("DELETE", _) where request.path.hasPrefix(objectPrefix):
            return try deleteOne(id: String(request.path.dropFirst(objectPrefix.count)))
        default:
            throw .notFound("No endpoint \(request.method) \(request.path) in the sandbox.")
        }
    }
}
