extension CatalogDatabase {
    /// Migration v11: the hub's paired devices and their pairing codes, and the id and counter of each scan
    /// a counter posts to the hub (with the answer it was given, to give again when the post is repeated).
    ///
    /// Tokens and codes are kept only as SHA-256 digests: whoever reads the database file cannot sign in.
    static let hubSchema = """
        CREATE TABLE devices (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL,
            token_hash TEXT NOT NULL UNIQUE,
            csrf_token TEXT NOT NULL,
            paired_at TEXT NOT NULL,
            paired_from TEXT,
            last_seen_at TEXT,
            revoked_at TEXT
        );
        CREATE TABLE pairing_codes (
            code_hash TEXT PRIMARY KEY,
            made_at TEXT NOT NULL,
            expires_at TEXT NOT NULL,
            used_at TEXT,
            device_id INTEGER REFERENCES devices(id)
        );
        ALTER TABLE scans ADD COLUMN scan_id TEXT;
        ALTER TABLE scans ADD COLUMN counter TEXT;
        ALTER TABLE scans ADD COLUMN answer TEXT;
        CREATE UNIQUE INDEX scans_scan_id ON scans(scan_id) WHERE scan_id IS NOT NULL;
        """
}

extension CatalogDatabase {
    /// Migration v12: on a remote counter (`catalog scan --hub`), each scan in the order it was made, kept
    /// until the hub has answered it. A scan is written here before it is posted, so one made while the hub
    /// is unreachable, or just before the counter's power goes, is posted when the hub is back; its
    /// `scan_id` makes a post repeated after a lost answer count once.
    static let hubQueueSchema = """
        CREATE TABLE hub_queue (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            scan_id TEXT NOT NULL UNIQUE,
            code TEXT NOT NULL,
            device TEXT,
            counter TEXT NOT NULL,
            scanned_at TEXT NOT NULL,
            posted_at TEXT,
            answer TEXT,
            refused TEXT
        );
        CREATE INDEX hub_queue_waiting ON hub_queue(seq) WHERE posted_at IS NULL AND refused IS NULL;
        """
}
