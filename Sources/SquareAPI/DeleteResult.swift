/// What Square answered to a delete: every id it deleted, nested variations included.
public struct DeleteResult: Sendable, Equatable {
    /// The ids of every deleted object.
    public var deletedObjectIDs: [String]
    /// When the objects were deleted (RFC 3339).
    public var deletedAt: String?

    /// A result with the given parts.
    public init(deletedObjectIDs: [String], deletedAt: String? = nil) {
        self.deletedObjectIDs = deletedObjectIDs
        self.deletedAt = deletedAt
    }
}
