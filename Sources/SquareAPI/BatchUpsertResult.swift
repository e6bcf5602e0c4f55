import CatalogCore

/// What Square answered to a batch upsert.
public struct BatchUpsertResult: Sendable {
    /// Every object as Square stored it.
    public var objects: [JSONValue]
    /// The ids Square assigned to the `#` ids in the request.
    public var idMappings: [IDMapping]
    /// When the objects were written (RFC 3339).
    public var updatedAt: String?

    /// A result with the given parts.
    public init(objects: [JSONValue], idMappings: [IDMapping], updatedAt: String? = nil) {
        self.objects = objects
        self.idMappings = idMappings
        self.updatedAt = updatedAt
    }
}
