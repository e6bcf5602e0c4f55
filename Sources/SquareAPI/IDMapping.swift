import CatalogCore

/// How a temporary `#` id sent in an upsert maps to the id Square assigned.
public struct IDMapping: Sendable, Equatable, Hashable {
    /// The temporary id the client sent, starting with `#`.
    public var clientObjectID: String
    /// The permanent id Square gave the object.
    public var objectID: String

    /// A mapping from `clientObjectID` to `objectID`.
    public init(clientObjectID: String, objectID: String) {
        self.clientObjectID = clientObjectID
        self.objectID = objectID
    }

    /// Reads an `id_mappings` array; entries without both ids are skipped.
    static func list(in value: JSONValue?) -> [IDMapping] {
        (value?.arrayValue ?? []).compactMap { entry in
            guard let client = entry["client_object_id"]?.stringValue, let object = entry["object_id"]?.stringValue
            else { return nil }
            return IDMapping(clientObjectID: client, objectID: object)
        }
    }
}
