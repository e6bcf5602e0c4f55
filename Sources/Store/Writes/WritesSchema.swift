extension CatalogDatabase {
    /// Migration v3: what this tool wrote to Square (history, append-only), what it still has to write
    /// (the outbox), and what the scanner read (the scan log).
    static let writesSchema = """
        CREATE TABLE history (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            at TEXT NOT NULL,
            counter TEXT NOT NULL,
            action TEXT NOT NULL,
            object_type TEXT NOT NULL,
            object_id TEXT NOT NULL,
            item_id TEXT,
            field TEXT NOT NULL,
            old_value TEXT,
            new_value TEXT,
            version INTEGER,
            source TEXT
        );
        CREATE INDEX history_object ON history(object_id, id);
        CREATE INDEX history_item ON history(item_id, id);
        CREATE INDEX history_at ON history(at);
        CREATE TRIGGER history_never_updated BEFORE UPDATE ON history
            BEGIN SELECT RAISE(ABORT, 'history rows are never rewritten'); END;
        CREATE TRIGGER history_never_deleted BEFORE DELETE ON history
            BEGIN SELECT RAISE(ABORT, 'history rows are never deleted'); END;
        CREATE TABLE outbox (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            counter TEXT NOT NULL,
            kind TEXT NOT NULL,
            object_id TEXT NOT NULL,
            item_id TEXT,
            label TEXT NOT NULL,
            base_version INTEGER,
            changes TEXT NOT NULL,
            payload TEXT,
            idempotency_key TEXT NOT NULL,
            status TEXT NOT NULL,
            reason TEXT,
            remote TEXT,
            result_version INTEGER,
            attempts INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX outbox_status ON outbox(status, id);
        CREATE TRIGGER outbox_never_deleted BEFORE DELETE ON outbox
            BEGIN SELECT RAISE(ABORT, 'outbox entries are never deleted'); END;
        CREATE TABLE scans (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            at TEXT NOT NULL,
            device TEXT,
            code TEXT NOT NULL,
            gtin TEXT,
            symbology TEXT,
            variation_id TEXT,
            mode TEXT,
            action TEXT
        );
        CREATE INDEX scans_unknown ON scans(variation_id, id);
        CREATE INDEX scans_code ON scans(code);
        """

    /// Migration v6: the process sending an outbox entry (`OutboxSender`) and since when, so two senders
    /// never send the same entry and a sender that died leaves it to the next.
    static let outboxClaimSchema = """
        ALTER TABLE outbox ADD COLUMN claim TEXT;
        ALTER TABLE outbox ADD COLUMN claimed_at TEXT;
        """
}
