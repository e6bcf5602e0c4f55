import CatalogCore

/// One page of inventory history: applied physical counts and adjustments.
public struct InventoryChangesPage: Sendable {
    /// `InventoryChange` objects (`type` with its `physical_count` or `adjustment`), oldest `occurred_at` first.
    public var changes: [JSONValue]
    /// The cursor for the next page; nil on the last page.
    public var cursor: String?

    /// A page with the given parts.
    public init(changes: [JSONValue], cursor: String? = nil) {
        self.changes = changes
        self.cursor = cursor
    }
}
