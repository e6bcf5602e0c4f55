import CatalogCore

/// One inventory change the sandbox has applied (or is about to): the `InventoryChange` as answered,
/// and the parts of it the quantity rule and the history filters read.
struct InventoryRecord: Sendable {
    /// What the change does to the IN_STOCK quantity.
    enum Effect: Sendable {
        case add, remove, set
    }

    var variationId: String
    var locationId: String
    var quantity: InventoryQuantity
    var effect: Effect
    /// The client's `occurred_at`, exact to the nanosecond: it orders counts and adjustments.
    var occurredAt: Timestamp
    /// A physical count's `state`, or an adjustment's `from_state` and `to_state`.
    var states: [String]
    /// The whole `InventoryChange`: as the client sent it until `stamp`, then as answered.
    var json: JSONValue
    /// The sandbox's `id`; empty until `stamp`.
    var id = ""
    /// When the sandbox received the change (`created_at`), epoch milliseconds; 0 until `stamp`.
    var createdAt: Int64 = 0
    /// `json` serialized, kept so saves and pages copy bytes instead of serializing again.
    var bytes: [UInt8] = []

    var isCount: Bool { effect == .set }
    var type: String { isCount ? "PHYSICAL_COUNT" : "ADJUSTMENT" }
    var payloadKey: String { isCount ? "physical_count" : "adjustment" }
    /// The (variation, location) the change counts at.
    var key: String { Self.key(variationId, locationId) }

    static func key(_ variationId: String, _ locationId: String) -> String { variationId + "\u{1}" + locationId }

    init(
        variationId: String, locationId: String, quantity: InventoryQuantity, effect: Effect, occurredAt: Timestamp,
        states: [String], json: JSONValue
    ) {
        self.variationId = variationId
        self.locationId = locationId
        self.quantity = quantity
        self.effect = effect
        self.occurredAt = occurredAt
        self.states = states
        self.json = json
    }

    /// A change read back from the data file (as it was answered); nil when it lacks what the rule needs.
    init?(answered json: JSONValue) {
        let isCount = json["type"]?.stringValue == "PHYSICAL_COUNT"
        guard let payload = json[isCount ? "physical_count" : "adjustment"],
            let variationId = payload["catalog_object_id"]?.stringValue,
            let locationId = payload["location_id"]?.stringValue,
            let quantity = payload["quantity"]?.stringValue.flatMap({ InventoryQuantity($0) }),
            let occurredAt = payload["occurred_at"]?.stringValue.flatMap({ Timestamp(rfc3339: $0) }),
            let id = payload["id"]?.stringValue,
            let createdAt = payload["created_at"]?.stringValue.flatMap({ SandboxTime.parse($0) })
        else { return nil }
        let states = (isCount ? ["state"] : ["from_state", "to_state"]).compactMap { payload[$0]?.stringValue }
        let effect: Effect = isCount ? .set : (payload["to_state"]?.stringValue == "IN_STOCK" ? .add : .remove)
        self.init(
            variationId: variationId, locationId: locationId, quantity: quantity, effect: effect,
            occurredAt: occurredAt, states: states, json: json)
        self.id = id
        self.createdAt = createdAt
        bytes = json.serializedBytes()
    }

    /// Gives the change its new `id` and `created_at`, as the answer and the history show it.
    mutating func stamp(id: String, createdAt: Int64) {
        self.id = id
        self.createdAt = createdAt
        var payload = json[payloadKey] ?? [:]
        payload["id"] = .string(id)
        if payload["catalog_object_type"] == nil { payload["catalog_object_type"] = "ITEM_VARIATION" }
        payload["created_at"] = .string(SandboxTime.format(createdAt))
        json[payloadKey] = payload
        bytes = json.serializedBytes()
    }

    /// Whether `left` comes before `right` in history order: by `occurred_at`, then by place in arrival order.
    static func precedes(_ left: (Timestamp, Int), _ right: (Timestamp, Int)) -> Bool {
        left.0 != right.0 ? left.0 < right.0 : left.1 < right.1
    }
}

/// Every inventory change applied to the account, in arrival order, indexed for the quantity rule,
/// the history query and look-ups by id.
struct InventoryHistory: Sendable {
    private(set) var records: [InventoryRecord] = []
    /// Positions in `records` per variation, then per location, in arrival order.
    private(set) var byVariation: [String: [String: [Int]]] = [:]
    /// Position in `records` per change id.
    private(set) var byId: [String: Int] = [:]

    /// Appends an applied change and indexes it.
    mutating func append(_ record: InventoryRecord) {
        byVariation[record.variationId, default: [:]][record.locationId, default: []].append(records.count)
        byId[record.id] = records.count
        records.append(record)
    }

    /// Positions of the changes at `variationId` and `locationId`, in arrival order.
    func positions(variationId: String, locationId: String) -> [Int] {
        byVariation[variationId]?[locationId] ?? []
    }

    /// The quantity of one (variation, location) in `state`, a state other than IN_STOCK: what adjustments moved
    /// into it less what they moved out of it (physical counts count IN_STOCK only, so they never move it).
    func quantity(inState state: String, variationId: String, locationId: String) -> InventoryQuantity {
        var total = InventoryQuantity.zero
        for position in positions(variationId: variationId, locationId: locationId) {
            let record = records[position]
            guard !record.isCount, record.states.count == 2 else { continue }
            if record.states[1] == state { total = total + record.quantity }
            if record.states[0] == state { total = total - record.quantity }
        }
        return total
    }

    /// The IN_STOCK quantity of one (variation, location) once `added` (arriving now, in order) join its
    /// history, or nil when the arithmetic overflows.
    ///
    /// The latest physical count by `occurred_at` (a tie goes to the later arrival) sets the quantity
    /// as of that moment, and only adjustments that occurred after it move it; a count older than
    /// another changes nothing. With no count in the history, `stored` (the seeded count with every
    /// earlier adjustment already applied) is the base and each added adjustment applies to it.
    /// Costs one pass over that key's history, never the whole account's.
    func quantity(
        variationId: String, locationId: String, adding added: [InventoryRecord], stored: InventoryQuantity
    ) -> InventoryQuantity? {
        let existing = positions(variationId: variationId, locationId: locationId)
        var latest: (record: InventoryRecord, order: (Timestamp, Int))?
        func consider(_ record: InventoryRecord, arrival: Int) {
            guard record.isCount else { return }
            let order = (record.occurredAt, arrival)
            if latest.map({ !InventoryRecord.precedes(order, $0.order) }) ?? true { latest = (record, order) }
        }
        for position in existing { consider(records[position], arrival: position) }
        for (offset, record) in added.enumerated() { consider(record, arrival: records.count + offset) }
        var total = latest?.record.quantity.scaled ?? stored.scaled
        var overflow = false
        func apply(_ record: InventoryRecord) {
            guard !record.isCount, latest.map({ record.occurredAt > $0.record.occurredAt }) ?? true else { return }
            let step =
                record.effect == .add
                ? total.addingReportingOverflow(record.quantity.scaled)
                : total.subtractingReportingOverflow(record.quantity.scaled)
            overflow = overflow || step.overflow
            total = step.partialValue
        }
        // Without a count, the earlier adjustments are already in `stored`.
        if latest != nil { for position in existing { apply(records[position]) } }
        for record in added { apply(record) }
        guard !overflow else { return nil }
        return InventoryQuantity(scaled: total)
    }
}
