import CatalogCore

/// One validated inventory change: what it does to an IN_STOCK count, and how it is answered.
struct StagedInventoryChange {
    enum Effect {
        case add, remove, set
    }

    var variationId: String
    var locationId: String
    var quantity: InventoryQuantity
    var effect: Effect
    /// `adjustment` or `physical_count`.
    var payloadKey: String
    /// The change as the client sent it.
    var json: JSONValue
}

extension SandboxEngine {
    /// The most changes one batch-create request may carry.
    static let inventoryChangeLimit = 100

    /// `POST /v2/inventory/changes/batch-create` (and its older alias `/v2/inventory/batch-change`).
    ///
    /// Validates every change first; one bad change rejects the request and changes nothing. Then
    /// applies them in request order to the IN_STOCK counts, exactly, and answers the changed
    /// counts and the changes with their new ids. A repeated idempotency key answers the stored
    /// result without applying anything again.
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
            var staged: [StagedInventoryChange] = []
            for (index, change) in changes.enumerated() { staged.append(try stageInventoryChange(change, at: index)) }
            return try applyInventoryChanges(staged)
        }
    }

    /// Applies validated changes atomically; the counts are computed before any is stored.
    private func applyInventoryChanges(_ staged: [StagedInventoryChange]) throws(APIError) -> SandboxReply {
        var order: [String] = []
        var values: [String: (variation: String, location: String, quantity: InventoryQuantity)] = [:]
        for change in staged {
            let key = change.variationId + "\u{1}" + change.locationId
            if values[key] == nil {
                order.append(key)
                let current = state.inStock(variationId: change.variationId, locationId: change.locationId)
                values[key] = (change.variationId, change.locationId, current)
            }
            guard var entry = values[key] else { continue }
            switch change.effect {
            case .add: entry.quantity = entry.quantity + change.quantity
            case .remove: entry.quantity = entry.quantity - change.quantity
            case .set: entry.quantity = change.quantity
            }
            guard entry.quantity.scaled.magnitude <= UInt64(InventoryQuantity.maxWhole * InventoryQuantity.scale) else {
                throw .invalid(
                    "INVALID_VALUE", "The changes would take a count beyond 13 digits.", field: "changes")
            }
            values[key] = entry
        }
        let t = now()
        let createdAt = JSONValue.string(SandboxTime.format(t))
        var counts: [JSONValue] = []
        for key in order {
            guard let entry = values[key] else { continue }
            counts.append(
                state.setInStock(
                    variationId: entry.variation, locationId: entry.location, quantity: entry.quantity,
                    calculatedAt: t))
        }
        let answered: [JSONValue] = staged.map { change in
            var json = change.json
            var payload = json[change.payloadKey] ?? [:]
            payload["id"] = .string(ObjectIds.random())
            if payload["catalog_object_type"] == nil { payload["catalog_object_type"] = "ITEM_VARIATION" }
            payload["created_at"] = createdAt
            json[change.payloadKey] = payload
            return json
        }
        pendingCountEvents.append(contentsOf: counts)
        return SandboxReply(json: ["counts": .array(counts), "changes": .array(answered)])
    }

    /// Checks one change against the catalog, the locations and Square's rules; throws the first problem.
    private func stageInventoryChange(_ change: JSONValue, at index: Int) throws(APIError) -> StagedInventoryChange {
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
        let occurredAt = try requiredText(payload, "occurred_at", path: path, maxLength: 34)
        guard SandboxTime.parse(occurredAt) != nil else {
            throw .invalid("INVALID_TIME", "occurred_at must be an RFC 3339 timestamp.", field: "\(path).occurred_at")
        }
        if let reference = payload["reference_id"], !reference.isNull,
            (reference.stringValue?.count ?? 256) > 255
        {
            throw .invalid(
                "INVALID_VALUE", "reference_id must be a string of at most 255 characters.",
                field: "\(path).reference_id")
        }
        let effect: StagedInventoryChange.Effect
        if payloadKey == "physical_count" {
            let state = try requiredText(payload, "state", path: path, maxLength: 40)
            try Self.checkState(state, field: "\(path).state")
            guard state == "IN_STOCK" else {
                throw .invalid(
                    "INVALID_VALUE", "A physical count counts IN_STOCK items; state must be IN_STOCK.",
                    field: "\(path).state")
            }
            effect = .set
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
        }
        return StagedInventoryChange(
            variationId: variationId, locationId: locationId, quantity: quantity, effect: effect,
            payloadKey: payloadKey, json: change)
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
