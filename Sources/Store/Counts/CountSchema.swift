extension CatalogDatabase {
    /// Migration v13: stock count sessions, what was counted in each, and every count as it was made.
    ///
    /// A session counts at one location within a scope (everything, some categories, some vendors, or
    /// open: whatever is scanned). Its lines add up per variation in one upsert, so counters counting
    /// into the same session at once all count; `count_events` keeps each count (a scan, a typed count,
    /// a correction) and is never rewritten.
    static let countSchema = """
        \(countSessionsTable("count_sessions", statuses: "'open', 'posted', 'cancelled'"))
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

extension CatalogDatabase {
    /// Migration v14: posting a count. A session being posted (`posting`) takes no more counts; each line
    /// records how its physical count went to Square (queued in an outbox entry, posted, refused with
    /// Square's reason, or left out as untracked there) and whether it was never counted but posted as
    /// zero on request (`zero_filled`). `count_sessions` is rebuilt because its status check grows.
    static let countPostSchema = """
        \(countSessionsTable("count_sessions_v14", statuses: "'open', 'posting', 'posted', 'cancelled'"))
        INSERT INTO count_sessions_v14(id, name, location_id, scope, scope_ids, status, counter, started_at,
                                       closed_at, reference)
            SELECT id, name, location_id, scope, scope_ids, status, counter, started_at, closed_at, reference
            FROM count_sessions;
        DROP TABLE count_sessions;
        ALTER TABLE count_sessions_v14 RENAME TO count_sessions;
        CREATE INDEX count_sessions_open ON count_sessions(location_id) WHERE status = 'open';
        ALTER TABLE count_lines ADD COLUMN post_status TEXT;
        ALTER TABLE count_lines ADD COLUMN post_reason TEXT;
        ALTER TABLE count_lines ADD COLUMN outbox_id INTEGER;
        ALTER TABLE count_lines ADD COLUMN posted_at TEXT;
        ALTER TABLE count_lines ADD COLUMN zero_filled INTEGER NOT NULL DEFAULT 0 CHECK (zero_filled IN (0, 1));
        CREATE INDEX count_lines_outbox ON count_lines(outbox_id) WHERE outbox_id IS NOT NULL;
        """
}

extension CatalogDatabase {
    /// The `CREATE TABLE` of `count_sessions` (as `name`) whose status is one of `statuses` (SQL string
    /// literals): migration v13 made it, and v14 rebuilt it when `posting` came.
    static func countSessionsTable(_ name: String, statuses: String) -> String {
        """
        CREATE TABLE \(name) (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL,
            location_id TEXT NOT NULL,
            scope TEXT NOT NULL CHECK (scope IN ('all', 'categories', 'vendors', 'open')),
            scope_ids TEXT NOT NULL DEFAULT '[]',
            status TEXT NOT NULL CHECK (status IN (\(statuses))),
            counter TEXT NOT NULL,
            started_at TEXT NOT NULL,
            closed_at TEXT,
            reference TEXT NOT NULL UNIQUE
        );
        """
    }
}
