import CatalogCore
import Store

/// The objects one item creation sends, checked and ready.
public struct ItemPlan: Sendable, Equatable {
    /// The item's temporary id in the batch.
    public static let itemID = "#item"

    /// One field the creation sets, on which object.
    public struct Field: Sendable, Equatable {
        /// ITEM or ITEM_VARIATION.
        public var objectType: String
        /// The object's temporary `#` id.
        public var objectID: String
        /// The field and its value (old value `nil`), in the canonical shape of `EditField`.
        public var change: OutboxEntry.Change
    }

    /// The item's name.
    public var name: String
    /// What goes in the one batch: new categories first, then the item with its variations inline.
    public var objects: [JSONValue]
    /// The categories the item is in.
    public var categories: CategoryResolution
    /// Every field set, item fields first, then each variation's.
    public var fields: [Field]

    /// Every field set, as the outbox records them.
    public var changes: [OutboxEntry.Change] { fields.map(\.change) }

    /// The item object in `objects`.
    public var item: JSONValue { objects.last ?? .null }

    /// The temporary id of the variation at `index`.
    public static func variationID(_ index: Int) -> String { "#variation-\(index + 1)" }
}
