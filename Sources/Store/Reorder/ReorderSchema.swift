extension CatalogDatabase {
    /// Migration v5: the reorder list, its append-only history, the vendors and the inventory counts
    /// last read from Square.
    ///
    /// A line is never deleted: it moves from `wanted` to `ordered` to `received`, or ends `removed`.
    /// At most one `wanted` line exists per variation, so adding again adds to its quantity in one
    /// statement, which is what keeps concurrent adds from several processes exact.
    static let reorderSchema = """
        CREATE TABLE reorder_lines (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            variation_id TEXT NOT NULL,
            status TEXT NOT NULL,
            quantity INTEGER NOT NULL,
            received INTEGER NOT NULL DEFAULT 0,
            note TEXT,
            counter TEXT NOT NULL,
            last_counter TEXT NOT NULL,
            first_added TEXT NOT NULL,
            last_added TEXT NOT NULL,
            vendor_id TEXT,
            order_reference TEXT,
            ordered_at TEXT,
            closed_at TEXT
        );
        CREATE UNIQUE INDEX reorder_one_wanted ON reorder_lines(variation_id) WHERE status = 'wanted';
        CREATE INDEX reorder_status ON reorder_lines(status, variation_id);
        CREATE TRIGGER reorder_lines_never_deleted BEFORE DELETE ON reorder_lines
            BEGIN SELECT RAISE(ABORT, 'reorder lines are never deleted'); END;
        CREATE TABLE reorder_events (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            at TEXT NOT NULL,
            counter TEXT NOT NULL,
            line_id INTEGER NOT NULL,
            variation_id TEXT NOT NULL,
            action TEXT NOT NULL,
            quantity INTEGER,
            detail TEXT
        );
        CREATE INDEX reorder_events_line ON reorder_events(line_id, id);
        CREATE TRIGGER reorder_events_never_updated BEFORE UPDATE ON reorder_events
            BEGIN SELECT RAISE(ABORT, 'reorder history is never rewritten'); END;
        CREATE TRIGGER reorder_events_never_deleted BEFORE DELETE ON reorder_events
            BEGIN SELECT RAISE(ABORT, 'reorder history is never deleted'); END;
        CREATE TABLE vendors (
            id TEXT PRIMARY KEY NOT NULL,
            name TEXT NOT NULL,
            status TEXT,
            json TEXT NOT NULL
        );
        CREATE TABLE inventory_counts (
            variation_id TEXT NOT NULL,
            location_id TEXT NOT NULL,
            quantity TEXT NOT NULL,
            calculated_at TEXT,
            fetched_at TEXT NOT NULL,
            PRIMARY KEY (variation_id, location_id)
        ) WITHOUT ROWID;
        """
}
