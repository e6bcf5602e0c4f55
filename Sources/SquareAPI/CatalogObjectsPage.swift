import CatalogCore

/// One page of catalog objects from a search or a list call.
public struct CatalogObjectsPage: Sendable {
    /// The objects on this page, exactly as Square sent them.
    public var objects: [JSONValue]
    /// Objects referenced by `objects` (search with `include_related_objects`); empty for list.
    public var relatedObjects: [JSONValue]
    /// The cursor for the next page; nil on the last page.
    public var cursor: String?
    /// Search only: the watermark to use as `begin_time` in the next incremental sync.
    public var latestTime: String?

    /// A page with the given parts.
    public init(
        objects: [JSONValue], relatedObjects: [JSONValue] = [], cursor: String? = nil, latestTime: String? = nil
    ) {
        self.objects = objects
        self.relatedObjects = relatedObjects
        self.cursor = cursor
        self.latestTime = latestTime
    }
}
