extension CatalogDatabase {
    /// Migration v13: stock count sessions, what was counted in each, and every count as it was made.
    ///
    /// A session counts at one location within a scope (everything, some categories, some vendors, or
    /// open: whatever is scanned). Its lines add up per variation in one upsert, so counters counting
    /// into the same session at once all count; `count_events` keeps each count (a scan, a typed count,
    /// a correction) and is never rewritten.
    static let countSchema = """
        CREATE TABLE count_sessions (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL,
            location_id TEXT NOT NULL,
            scope TEXT NOT NULL CHECK (scope IN ('all', 'categories', 'vendors', 'open')),
            scope_ids TEXT NOT NULL DEFAULT '[]',
            status TEXT NOT NULL CHECK (status IN ('open', 'posted', 'cancelled')),
            counter TEXT NOT NULL,
            started_at TEXT NOT NULL,
            closed_at TEXT,
            reference TEXT NOT NULL UNIQUE
        );
        CREATE INDEX count_sessions_open ON count_sessions(location_id) WHERE status = 'open';
        CREATE TABLE count_lines (
            session_id INTEGER NOT NULL REFERENCES count_sessions(id),
            variation_id TEXT NOT NULL,
            counted INTEGER NOT NULL CHECK (counted >= 0),
            expected TEXT,
            expected_at TEXT,
            first_counted_at TEXT NOT NULL,
            last_counted_at TEXT NOT NULL,
            last_counter TEXT NOT NULL,
            PRIMARY KEY (session_id, variation_id)
        ) WITHOUT ROWID;
        CREATE TABLE count_events (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            session_id INTEGER NOT NULL REFERENCES count_sessions(id),
            variation_id TEXT NOT NULL,
            at TEXT NOT NULL,
            counter TEXT NOT NULL,
            action TEXT NOT NULL CHECK (action IN ('add', 'set')),
            quantity INTEGER NOT NULL
        );
        CREATE INDEX count_events_session ON count_events(session_id, id);
        CREATE TRIGGER count_events_never_updated BEFORE UPDATE ON count_events
            BEGIN SELECT RAISE(ABORT, 'count history is never rewritten'); END;
        CREATE TRIGGER count_events_never_deleted BEFORE DELETE ON count_events
            BEGIN SELECT RAISE(ABORT, 'count history is never deleted'); END;
        """
}
