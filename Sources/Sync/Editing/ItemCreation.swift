import CatalogCore

/// What creating an item did: created it in Square, or queued it in the outbox.
public struct ItemCreation: Sendable, Equatable {
    /// How the creation ended.
    public enum Status: Sendable, Equatable {
        /// Square created the item; the ids are Square's.
        case created
        /// Square could not be reached: the item waits in the outbox under this number; ids are temporary.
        case queued(outboxID: Int64, reason: String)
    }

    /// One variation of the new item.
    public struct Variation: Sendable, Equatable {
        /// Square's id (a temporary `#` id while queued).
        public var id: String
        public var name: String
        public var sku: String?
        /// The barcode as sent to Square (`upc`).
        public var gtin: String?
        /// The fixed price, or `nil` for variable pricing.
        public var price: Money?
        /// The version Square gave it.
        public var version: Int64?
    }

    /// One category the item is in.
    public struct Category: Sendable, Equatable {
        /// Square's id (a temporary `#` id for a new category while queued).
        public var id: String
        public var name: String
        /// Whether this creation made the category.
        public var isNew: Bool
    }

    public var status: Status
    /// Square's id of the item (the temporary `#item` while queued).
    public var itemID: String
    public var name: String
    /// The version Square gave the item; `nil` while queued.
    public var version: Int64?
    public var variations: [Variation]
    public var categories: [Category]
    /// The idempotency key the creation was (or will be) sent with.
    public var idempotencyKey: String

    /// The creation as one JSON object with snake_case keys: `status` (`created` or `queued`), `item_id`,
    /// `name`, `version`, `variations` (`id`, `name`, `sku`, `gtin`, `price`, `version`), `categories`
    /// (`id`, `name`, `created`) and, when queued, `outbox_id` and `reason`.
    public var json: JSONValue {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        var object: JSONValue = [
            "status": .string(status == .created ? "created" : "queued"),
            "item_id": .string(itemID),
            "name": .string(name),
            "version": version.map(JSONValue.int) ?? .null,
            "variations": .array(
                variations.map { variation in
                    [
                        "id": .string(variation.id), "name": .string(variation.name), "sku": text(variation.sku),
                        "gtin": text(variation.gtin), "price": variation.price?.json ?? .null,
                        "version": variation.version.map(JSONValue.int) ?? .null,
                    ]
                }),
            "categories": .array(
                categories.map { ["id": .string($0.id), "name": .string($0.name), "created": .bool($0.isNew)] }),
        ]
        if case .queued(let outboxID, let reason) = status {
            object["outbox_id"] = .int(outboxID)
            object["reason"] = .string(reason)
        }
        return object
    }
}
