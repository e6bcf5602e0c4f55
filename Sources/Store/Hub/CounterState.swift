import CatalogCore
import GRDB

/// What the hub keeps of one counter between scans, page loads and restarts: its scanner mode, the
/// quantity its next scan takes, the shelf its shelf mode puts items on, when the mode was set and when the counter was last used (a scan, or a
/// mode set), by which a mode other than lookup goes back to lookup once the counter has been idle.
public struct CounterState: Sendable, Equatable, Codable {
    /// The counter's name (a computer's, or a screen's).
    public var name: String
    /// The scanner mode's name (`lookup`, `reorder`, `receive`, `count`, `label`).
    public var mode: String
    /// How many the next scan takes.
    public var quantity: Int
    /// When the mode was set, RFC 3339.
    public var modeSetAt: String
    /// When the counter was last used (its latest scan's time, or a mode set), RFC 3339.
    public var activeAt: String
    /// The shelf whose label the counter scanned last (where its shelf mode puts items), if any.
    public var shelf: String?

    public init(
        name: String, mode: String, quantity: Int = 1, modeSetAt: String, activeAt: String, shelf: String? = nil
    ) {
        self.name = name
        self.mode = mode
        self.quantity = quantity
        self.modeSetAt = modeSetAt
        self.activeAt = activeAt
        self.shelf = shelf
    }
}

/// Read from and written to `hub_counters` column for column.
extension CounterState: StoreRecord, PersistableRecord {
    public static let databaseTableName = "hub_counters"
}

extension CatalogDatabase {
    /// Migration v17: each counter's state, kept by the hub, and the time a counter says a scan was made (a
    /// scan kept while the hub was unreachable arrives later than it was made).
    static let counterStateSchema = """
        CREATE TABLE hub_counters (
            name TEXT PRIMARY KEY NOT NULL,
            mode TEXT NOT NULL,
            quantity INTEGER NOT NULL DEFAULT 1 CHECK (quantity >= 1),
            mode_set_at TEXT NOT NULL,
            active_at TEXT NOT NULL
        );
        ALTER TABLE scans ADD COLUMN scanned_at TEXT;
        """

    /// Every counter's kept state, by name.
    public func counterStates() async throws -> [CounterState] {
        try await read { db in try CounterState.order(Column("name")).fetchAll(db) }
    }

    /// The kept state of `counter`, if the hub has one.
    public func counterState(_ counter: String) async throws -> CounterState? {
        try await read { db in try CounterState.fetchOne(db, key: counter) }
    }

    /// Keeps `state` (replacing what was kept for its counter).
    public func saveCounterState(_ state: CounterState) async throws {
        try await write { db in try state.upsert(db) }
    }
}
