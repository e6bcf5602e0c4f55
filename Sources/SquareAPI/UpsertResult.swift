import CatalogCore

/// What Square answered to a single-object upsert.
public struct UpsertResult: Sendable {
    /// The object as Square stored it, with its new `version` and `updated_at`.
    public var object: JSONValue
    /// The ids Square assigned to the `#` ids in the request.
    public var idMappings: [IDMapping]

    /// A result with the given parts.
    public init(object: JSONValue, idMappings: [IDMapping]) {
        self.object = object
        self.idMappings = idMappings
    }
}
