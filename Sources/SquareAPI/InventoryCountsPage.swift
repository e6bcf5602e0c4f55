import CatalogCore

/// One page of inventory counts.
public struct InventoryCountsPage: Sendable {
    /// Counts per (variation, location, state); `quantity` is a decimal string.
    public var counts: [JSONValue]
    /// The cursor for the next page; nil on the last page.
    public var cursor: String?

    /// A page with the given parts.
    public init(counts: [JSONValue], cursor: String? = nil) {
        self.counts = counts
        self.cursor = cursor
    }
}
