import CatalogCore

/// One field an edit changed (or would change), old and new.
public struct FieldChange: Sendable, Equatable {
    public var field: EditField
    public var old: JSONValue?
    public var new: JSONValue?

    public init(field: EditField, old: JSONValue?, new: JSONValue?) {
        self.field = field
        self.old = old
        self.new = new
    }
}

/// What an edit did.
public struct EditResult: Sendable {
    /// How the edit ended.
    public enum Status: Sendable, Equatable {
        /// Square accepted it.
        case applied
        /// Square already had every value asked for: nothing was written.
        case unchanged
        /// Square could not be reached: the edit waits in the outbox under this number.
        case queued(outboxID: Int64, reason: String)
        /// Square's copy changed the same fields since the edit was made: nothing was written.
        case conflict(remote: [String: JSONValue])
    }

    public var status: Status
    public var itemID: String
    public var variationID: String
    /// The fields written (or, when queued, to be written), with the values before and after.
    public var changes: [FieldChange]
    /// The versions before and after the write, of the object that was upserted.
    public var oldVersion: Int64?
    public var newVersion: Int64?
    /// How many fetch-and-upsert rounds it took (more than one after version conflicts).
    public var attempts: Int
}
