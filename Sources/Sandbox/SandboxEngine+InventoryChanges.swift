import CatalogCore

extension SandboxEngine {
    /// The most changes one batch-create request may carry.
    static let inventoryChangeLimit = 100

    /// `POST /v2/inventory/changes/batch-create` (and its older alias `/v2/inventory/batch-change`).
    ///
    /// Validates every change first; one bad change rejects the request and changes nothing. Then
    /// keeps the changes in the inventory history, works out each touched IN_STOCK count again from
    /// that history (see `InventoryHistory.quantity`), and answers the counts and the changes with
    /// their new ids. A repeated idempotency key answers the stored result without applying anything again.
    func batchChangeInventory(_ request: SandboxRequest) throws(APIError) -> SandboxReply {
        let json = try request.jsonBody()
        return try idempotent(json, path: "/v2/inventory/changes/batch-create") { () throws(APIError) -> SandboxReply in
            guard let list = json["changes"], !list.isNull else {
                throw .invalid("MISSING_REQUIRED_PARAMETER", "The request needs changes.", field: "changes")
            }
            guard let changes = list.arrayValue else {
                throw .invalid("EXPECTED_ARRAY", "changes must be an array of inventory changes.", field: "changes")
            }
            guard !changes.isEmpty else {
                throw .invalid("ARRAY_LENGTH_TOO_SHORT", "changes must hold at least one change.", field: "changes")
            }
            guard changes.count <= Self.inventoryChangeLimit else {
                throw .invalid(
                    "ARRAY_LENGTH_TOO_LONG", "changes may hold at most \(Self.inventoryChangeLimit) changes.",
                    field: "changes")
            }
            if let flag = json["ignore_unchanged_counts"], !flag.isNull, flag.boolValue == nil {
                throw .invalid(
                    "INVALID_VALUE", "ignore_unchanged_counts must be true or false.", field: "ignore_unchanged_counts")
            }
            var staged: [InventoryRecord] = []
            for (index, change) in changes.enumerated() { staged.append(try stageInventoryChange(change, at: index)) }
            return try applyInventoryChanges(staged)
        }
    }

    /// Applies validated changes atomically: every new count is worked out before anything is stored.
    private func applyInventoryChanges(_ staged: [InventoryRecord]) throws(APIError) -> SandboxReply {
        let t = now()
        var records = staged
        for index in records.indices { records[index].stamp(id: ObjectIds.random(), createdAt: t) }
        var order: [String] = []
        var groups: [String: [InventoryRecord]] = [:]
        for record in records {
            if groups[record.key] == nil { order.append(record.key) }
            groups[record.key, default: []].append(record)
        }
        var results: [(variation: String, location: String, quantity: InventoryQuantity)] = []
        for key in order {
            guard let group = groups[key], let first = group.first else { continue }
            let stored = state.inStock(variationId: first.variationId, locationId: first.locationId)
            guard
                let quantity = state.inventoryHistory.quantity(
                    variationId: first.variationId, locationId: first.locationId, adding: group, stored: stored),
                quantity.scaled.magnitude <= UInt64(InventoryQuantity.maxWhole * InventoryQuantity.scale)
            else {
                throw .invalid("INVALID_VALUE", "The changes would take a count beyond 13 digits.", field: "changes")
            }
            results.append((first.variationId, first.locationId, quantity))
        }
        for record in records { state.inventoryHistory.append(record) }
        let counts = results.map { result in
            state.setInStock(
                variationId: result.variation, locationId: result.location, quantity: result.quantity, calculatedAt: t)
        }
        for (key, count) in zip(order, counts) {
            pendingCountEvents.append([count] + otherStateCounts(of: groups[key] ?? [], calculatedAt: t))
        }
        // {"counts":[…],"changes":[…]}, the changes copied from the bytes `stamp` already wrote.
        var output = Array("{\"counts\":".utf8)
        JSONValue.array(counts).write(to: &output)
        output.append(contentsOf: Array(",\"changes\":[".utf8))
        for (index, record) in records.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output.append(contentsOf: record.bytes)
        }
        output.append(contentsOf: [UInt8(ascii: "]"), UInt8(ascii: "}")])
        return SandboxReply(status: 200, bytes: output)
    }

    /// The count of every state other than IN_STOCK that `group` (changes at one variation and location) moves
    /// stock from or to, as it stands after them: what Square's `inventory.count.updated` reports beside the
    /// IN_STOCK count for a state change. `NONE` is not a count (it is stock outside Square), so it is left out.
    private func otherStateCounts(of group: [InventoryRecord], calculatedAt: Int64) -> [JSONValue] {
        guard let first = group.first else { return [] }
        var states: [String] = []
        for record in group where !record.isCount {
            for name in record.states where name != "IN_STOCK" && name != "NONE" && !states.contains(name) {
                states.append(name)
            }
        }
        return states.map { name in
            CatalogState.count(
                variationId: first.variationId, locationId: first.locationId, state: name,
                quantity: state.inventoryHistory.quantity(
                    inState: name, variationId: first.variationId, locationId: first.locationId
                ).text, calculatedAt: calculatedAt)
        }
    }

    /// Checks one change against the catalog, the locations and Square's rules; throws the first problem.
    private func stageInventoryChange(_ change: JSONValue, at index: Int) throws(APIError) -> InventoryRecord {
        let prefix = "changes[\(index)]"
        guard case .object = change else {
            throw .invalid("INVALID_VALUE", "\(prefix) must be an inventory change object.", field: prefix)
        }
        guard let type = change["type"]?.stringValue else {
            throw .invalid("MISSING_REQUIRED_PARAMETER", "\(prefix) needs a type.", field: "\(prefix).type")
        }
        let payloadKey: String
        switch type {
        case "ADJUSTMENT": payloadKey = "adjustment"
        case "PHYSICAL_COUNT": payloadKey = "physical_count"
        case "TRANSFER":
            throw .invalid(
                "INVALID_VALUE", "The sandbox does not support TRANSFER changes; send ADJUSTMENT or PHYSICAL_COUNT.",
                field: "\(prefix).type")
        default:
            throw .invalid(
                "INVALID_ENUM_VALUE", "\(prefix).type must be ADJUSTMENT or PHYSICAL_COUNT, not \(type).",
                field: "\(prefix).type")
        }
        let path = "\(prefix).\(payloadKey)"
        guard let payload = change[payloadKey], case .object = payload else {
            throw .invalid("MISSING_REQUIRED_PARAMETER", "A \(type) change needs \(payloadKey).", field: path)
        }
        let variationId = try requiredText(payload, "catalog_object_id", path: path, maxLength: 100)
        guard let object = state.objects[variationId], !object.isDeleted else {
            throw .invalid(
                "NOT_FOUND", "Catalog object \(variationId) was not found.", field: "\(path).catalog_object_id")
        }
        guard object.type == "ITEM_VARIATION" else {
            throw .invalid(
                "INVALID_VALUE", "Catalog object \(variationId) is a \(object.type), not an ITEM_VARIATION.",
                field: "\(path).catalog_object_id")
        }
        if let sentType = payload["catalog_object_type"], !sentType.isNull, sentType != "ITEM_VARIATION" {
            throw .invalid(
                "INVALID_VALUE", "catalog_object_type must be ITEM_VARIATION.", field: "\(path).catalog_object_type")
        }
        let locationId = try requiredText(payload, "location_id", path: path, maxLength: 100)
        guard state.locations.contains(where: { $0["id"]?.stringValue == locationId }) else {
            throw .invalid("NOT_FOUND", "Location \(locationId) was not found.", field: "\(path).location_id")
        }
        let quantityText = try requiredText(payload, "quantity", path: path, maxLength: 26)
        guard let quantity = InventoryQuantity(quantityText),
            payloadKey == "physical_count" || quantity.scaled > 0
        else {
            throw .invalid(
                "INVALID_VALUE",
                "quantity must be a \(payloadKey == "adjustment" ? "positive" : "non-negative") decimal string "
                    + "with at most 5 digits after the point, not “\(quantityText)”.", field: "\(path).quantity")
        }
        let occurredText = try requiredText(payload, "occurred_at", path: path, maxLength: 34)
        guard let occurredAt = Timestamp(rfc3339: occurredText) else {
            throw .invalid("INVALID_TIME", "occurred_at must be an RFC 3339 timestamp.", field: "\(path).occurred_at")
        }
        try Self.checkWindow(occurredAt, now: now(), field: "\(path).occurred_at")
        if let reference = payload["reference_id"], !reference.isNull,
            (reference.stringValue?.count ?? 256) > 255
        {
            throw .invalid(
                "INVALID_VALUE", "reference_id must be a string of at most 255 characters.",
                field: "\(path).reference_id")
        }
        let effect: InventoryRecord.Effect
        let states: [String]
        if payloadKey == "physical_count" {
            let state = try requiredText(payload, "state", path: path, maxLength: 40)
            try Self.checkState(state, field: "\(path).state")
            guard state == "IN_STOCK" else {
                throw .invalid(
                    "INVALID_VALUE", "A physical count counts IN_STOCK items; state must be IN_STOCK.",
                    field: "\(path).state")
            }
            effect = .set
            states = [state]
        } else {
            let from = try requiredText(payload, "from_state", path: path, maxLength: 40)
            try Self.checkState(from, field: "\(path).from_state")
            let to = try requiredText(payload, "to_state", path: path, maxLength: 40)
            try Self.checkState(to, field: "\(path).to_state")
            if to == "IN_STOCK", Self.statesIntoStock.contains(from) {
                effect = .add
            } else if from == "IN_STOCK", Self.statesOutOfStock.contains(to) {
                effect = .remove
            } else {
                throw .invalid(
                    "INVALID_VALUE",
                    "An adjustment from \(from) to \(to) is not supported: move stock into IN_STOCK (from "
                        + "\(Self.statesIntoStock.sorted().joined(separator: ", "))) or out of it (to "
                        + "\(Self.statesOutOfStock.sorted().joined(separator: ", "))).", field: "\(path).to_state")
            }
            states = [from, to]
        }
        return InventoryRecord(
            variationId: variationId, locationId: locationId, quantity: quantity, effect: effect,
            occurredAt: occurredAt, states: states, json: change)
    }

    /// How far back `occurred_at` may be: Square's reference says it "cannot be older than 24 hours or in
    /// the future relative to the time of the request".
    static let occurredAtWindowMs: Int64 = 24 * 3_600_000

    /// Refuses an `occurred_at` older than 24 hours or later than `now` (the sandbox's clock).
    static func checkWindow(_ occurredAt: Timestamp, now: Int64, field: String) throws(APIError) {
        let occurred = occurredAt.epochMilliseconds
        if occurred > now {
            throw .invalid(
                "INVALID_VALUE",
                "occurred_at \(SandboxTime.format(occurred)) is in the future (the request arrived at "
                    + "\(SandboxTime.format(now))).", field: field)
        }
        if now - occurred > occurredAtWindowMs {
            throw .invalid(
                "INVALID_VALUE",
                "occurred_at \(SandboxTime.format(occurred)) is older than 24 hours (the request arrived at "
                    + "\(SandboxTime.format(now))).", field: field)
        }
    }

    /// The states an adjustment may move stock from into IN_STOCK (`NONE` receives new stock).
    static let statesIntoStock: Set<String> = [
        "NONE", "RETURNED_BY_CUSTOMER", "UNLINKED_RETURN", "RECEIVED_FROM_VENDOR", "RESERVED_FOR_SALE", "IN_TRANSIT",
    ]
    /// The states an adjustment may move stock to out of IN_STOCK.
    static let statesOutOfStock: Set<String> = [
        "NONE", "SOLD", "WASTE", "RESERVED_FOR_SALE", "SOLD_ONLINE", "IN_TRANSIT",
    ]
    /// Every `InventoryState` value Square's API describes.
    static let inventoryStates: Set<String> = [
        "CUSTOM", "IN_STOCK", "SOLD", "RETURNED_BY_CUSTOMER", "RESERVED_FOR_SALE", "SOLD_ONLINE",
        "ORDERED_FROM_VENDOR", "RECEIVED_FROM_VENDOR", "IN_TRANSIT_TO", "NONE", "WASTE", "UNLINKED_RETURN",
        "COMPOSED", "DECOMPOSED", "SUPPORTED_BY_NEWER_VERSION", "IN_TRANSIT",
    ]

    private static func checkState(_ state: String, field: String) throws(APIError) {
        guard inventoryStates.contains(state) else {
            throw .invalid("INVALID_ENUM_VALUE", "\(state) is not an inventory state.", field: field)
        }
    }

    /// The non-empty string `payload[name]`, at most `maxLength` characters.
    private func requiredText(_ payload: JSONValue, _ name: String, path: String, maxLength: Int) throws(APIError)
        -> String
    {
        guard let value = payload[name], !value.isNull else {
            throw .invalid("MISSING_REQUIRED_PARAMETER", "\(path) needs \(name).", field: "\(path).\(name)")
        }
        guard let text = value.stringValue, !text.isEmpty, text.count <= maxLength else {
            throw .invalid(
                "INVALID_VALUE", "\(name) must be a non-empty string of at most \(maxLength) characters.",
                field: "\(path).\(name)")
        }
        return text
    }
}
