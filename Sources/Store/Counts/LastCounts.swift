import CatalogCore
import GRDB

/// When a variation's stock was last counted at a location: by a count this tool posted, or by a physical
/// count Square's inventory history holds (made at a till, in Square's apps, by another tool).
public struct LastCount: Sendable, Equatable {
    public enum Source: String, Sendable, CaseIterable {
        /// A count posted by catalog.
        case catalog
        /// A PHYSICAL_COUNT in Square's inventory history.
        case square
    }

    public var variationID: String
    public var locationID: String
    /// RFC 3339: the moment the count was as of.
    public var countedAt: String
    public var source: Source

    public init(variationID: String, locationID: String, countedAt: String, source: Source) {
        self.variationID = variationID
        self.locationID = locationID
        self.countedAt = countedAt
        self.source = source
    }
}

extension CatalogDatabase {
    /// Migration v27: when each variation was last counted at each location.
    static let lastCountSchema = """
        CREATE TABLE last_counts (
            variation_id TEXT NOT NULL,
            location_id TEXT NOT NULL,
            counted_at TEXT NOT NULL,
            source TEXT NOT NULL CHECK (source IN ('catalog', 'square')),
            PRIMARY KEY (variation_id, location_id)
        ) WITHOUT ROWID;
        """

    /// Keeps each of `counts` where it is later than what is kept for its variation and location, and (when
    /// given) `readUpTo` as how far Square's history of `location` has been read, in one transaction.
    public func recordLastCounts(_ counts: [LastCount], readUpTo: (location: String, at: String)? = nil)
        async throws
    {
        try await write { db in
            let upsert = try db.makeStatement(
                sql: """
                    INSERT INTO last_counts(variation_id, location_id, counted_at, source) VALUES (?, ?, ?, ?)
                    ON CONFLICT(variation_id, location_id) DO UPDATE SET
                        counted_at = excluded.counted_at, source = excluded.source
                    WHERE excluded.counted_at > last_counts.counted_at
                    """)
            for count in counts {
                try upsert.execute(
                    arguments: [count.variationID, count.locationID, count.countedAt, count.source.rawValue])
            }
            if let readUpTo {
                try Self.setSyncState([Self.countHistoryKey(readUpTo.location): readUpTo.at], db: db)
            }
        }
    }

    /// When each variation was last counted at `locationID`, by variation id.
    public func lastCounts(locationID: String) async throws -> [String: LastCount] {
        try await read { db in
            var found: [String: LastCount] = [:]
            for row in try Row.fetchAll(
                db, sql: "SELECT * FROM last_counts WHERE location_id = ?", arguments: [locationID])
            {
                found[row["variation_id"]] = LastCount(
                    variationID: row["variation_id"], locationID: locationID, countedAt: row["counted_at"],
                    source: try known(row["source"], table: "last_counts", column: "source"))
            }
            return found
        }
    }

    /// How far Square's physical counts at `locationID` have been read (RFC 3339), if they have been.
    public func countHistoryRead(locationID: String) async throws -> String? {
        try await read { db in try Self.syncStateValue(Self.countHistoryKey(locationID), db: db) }
    }

    static func countHistoryKey(_ locationID: String) -> String { "physical_counts_read:\(locationID)" }
}
