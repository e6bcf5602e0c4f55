/// What applying a price plan did, row by row.
public struct PriceImportResult: Sendable, Equatable {
    /// Every row of the plan with its final status.
    public var rows: [PriceImportRow]
    /// Why the import stopped before sending every change (Square unreachable), or nil when it did not.
    public var stopReason: String?

    /// A result of `rows`, stopped for `stopReason` when it is not nil.
    public init(rows: [PriceImportRow], stopReason: String? = nil) {
        self.rows = rows
        self.stopReason = stopReason
    }

    /// How many rows have each status.
    public var counts: [PriceImportStatus: Int] { PriceImportRow.counts(rows) }
}

/// How far an apply has come, reported after every batch.
public struct PriceImportProgress: Sendable, Equatable {
    /// Changes sent or settled so far.
    public var done: Int
    /// Changes to send in all.
    public var total: Int
    /// Prices changed in Square so far.
    public var updated: Int
}
