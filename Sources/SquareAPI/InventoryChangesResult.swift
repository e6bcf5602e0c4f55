import CatalogCore

/// What `POST /v2/inventory/changes/batch-create` answered.
public struct InventoryChangesResult: Sendable {
    /// The counts the changes touched, as Square calculated them after applying them.
    public var counts: [JSONValue]
    /// The applied changes, each with the `id` and `created_at` Square gave it.
    public var changes: [JSONValue]

    /// A result with the given parts.
    public init(counts: [JSONValue], changes: [JSONValue]) {
        self.counts = counts
        self.changes = changes
    }
}
