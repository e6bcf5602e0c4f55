import CatalogCore

/// The fields every Square catalog object carries, read from its JSON.
struct ObjectHeader: Sendable, Equatable {
    var id: String
    var type: String
    var version: Int64
    var updatedAt: String?
    var isDeleted: Bool

    init(_ object: JSONValue) throws(StoreError) {
        guard let id = object["id"]?.stringValue, !id.isEmpty else {
            throw .badObject(id: "(no id)", type: object["type"]?.stringValue ?? "object", reason: "it has no id")
        }
        guard let type = object["type"]?.stringValue else {
            throw .badObject(id: id, type: "object", reason: "it has no type")
        }
        self.id = id
        self.type = type
        switch object["version"] {
        case .none, .some(.null): version = 0
        case .some(let value):
            guard let version = value.int64Value else {
                throw .badObject(id: id, type: type, reason: "its version \(value) is not an integer")
            }
            self.version = version
        }
        updatedAt = object["updated_at"]?.stringValue
        isDeleted = object["is_deleted"]?.boolValue ?? false
    }
}

/// The queryable columns of an ITEM.
struct ItemRow: Sendable {
    var name: String
    var categoryID: String?
    var categoryIDs: [(id: String, ordinal: Int64?)]
    var isArchived: Bool
    /// The nested variations, prepared (every one can be stored, or the item could not be).
    var variations: [PreparedObject]
    /// Where it is sold, when not everywhere (`LocationTerms.storedColumn`).
    var locations: String?

    init(_ object: JSONValue, header: ObjectHeader) throws(StoreError) {
        let data = object["item_data"] ?? .null
        locations = LocationTerms.storedColumn(of: object)
        name = data["name"]?.stringValue ?? ""
        isArchived = data["is_archived"]?.boolValue ?? false
        var categories: [(id: String, ordinal: Int64?)] = []
        for entry in data["categories"]?.arrayValue ?? [] {
            guard let id = entry["id"]?.stringValue else {
                throw .badObject(id: header.id, type: header.type, reason: "a category entry has no id")
            }
            categories.append((id: id, ordinal: entry["ordinal"]?.int64Value))
        }
        if categories.isEmpty, let legacy = data["category_id"]?.stringValue {
            categories.append((id: legacy, ordinal: nil))
        }
        categoryIDs = categories
        categoryID = data["reporting_category"]?["id"]?.stringValue ?? categories.first?.id
        let listed: [JSONValue]
        switch data["variations"] {
        case .none, .some(.null): listed = []
        case .some(.array(let list)): listed = list
        case .some:
            throw .badObject(id: header.id, type: header.type, reason: "item_data.variations is not a list")
        }
        // The nested variations are decoded now too, so an item is known to store in full before any of
        // it is written.
        variations = try listed.map { nested throws(StoreError) in
            let prepared = PreparedObject(nested, parentItemID: header.id)
            if case .bad(let error) = prepared.content { throw error }
            return prepared
        }
    }
}

/// The queryable columns of an ITEM_VARIATION.
struct VariationRow: Sendable, Equatable {
    var itemID: String
    var name: String?
    var sku: String?
    var skuKey: String?
    var upc: String?
    var gtin: String?
    var price: Money?
    var ordinal: Int64?
    /// Where it is sold and its location overrides, when it has any (`LocationTerms.storedColumn`).
    var locations: String?
    /// Its shelf place at each location that has one (`ShelfPlaces.storedColumn`), nil when none has.
    var shelves: String?

    init(_ object: JSONValue, header: ObjectHeader) throws(StoreError) {
        let data = object["item_variation_data"] ?? .null
        locations = LocationTerms.storedColumn(of: object)
        shelves = ShelfPlaces(object: object).storedColumn
        guard let itemID = data["item_id"]?.stringValue, !itemID.isEmpty else {
            throw .badObject(id: header.id, type: header.type, reason: "item_variation_data.item_id is missing")
        }
        self.itemID = itemID
        name = data["name"]?.stringValue
        sku = data["sku"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        skuKey = sku.map(SKU.key)
        upc = data["upc"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        gtin = upc.flatMap { Barcode.interpretations(of: $0).first?.gtin14 }
        switch data["price_money"] {
        case .none, .some(.null): price = nil
        case .some(let money):
            guard let parsed = Money(json: money) else {
                throw .badObject(
                    id: header.id, type: header.type,
                    reason: "price_money \(money) needs an integer amount and a currency")
            }
            price = parsed
        }
        switch data["ordinal"] {
        case .none, .some(.null): ordinal = nil
        case .some(let value):
            guard let number = value.int64Value else {
                throw .badObject(id: header.id, type: header.type, reason: "ordinal \(value) is not an integer")
            }
            ordinal = number
        }
    }
}

/// The queryable columns of a CATEGORY.
struct CategoryRow: Sendable, Equatable {
    var name: String
    var parentID: String?

    init(_ object: JSONValue) {
        let data = object["category_data"] ?? .null
        name = data["name"]?.stringValue ?? ""
        parentID = data["parent_category"]?["id"]?.stringValue
    }
}
