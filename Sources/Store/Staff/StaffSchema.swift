extension CatalogDatabase {
    /// Migration v19: roles and staff. Each paired device (and the pairing code that pairs it) is a `counter`
    /// or a `manager`; the shop's staff have a name, a role and a PIN kept only as a slow salted hash (with
    /// the wrong PINs tried since the last right one, and until when the PIN is locked); and every write in
    /// the history, every scan in the scan log and every change waiting in the outbox records the paired
    /// device (`device_id`) and the staff member (`staff`, by name) it came from, when there was one.
    static let staffSchema = """
        ALTER TABLE devices ADD COLUMN role TEXT NOT NULL DEFAULT 'counter' CHECK (role IN ('counter', 'manager'));
        ALTER TABLE pairing_codes ADD COLUMN role TEXT NOT NULL DEFAULT 'counter'
            CHECK (role IN ('counter', 'manager'));
        CREATE TABLE staff (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL,
            role TEXT NOT NULL CHECK (role IN ('counter', 'manager')),
            pin_hash TEXT NOT NULL,
            pin_salt TEXT NOT NULL,
            pin_rounds INTEGER NOT NULL,
            failures INTEGER NOT NULL DEFAULT 0,
            lockouts INTEGER NOT NULL DEFAULT 0,
            locked_until TEXT,
            added_at TEXT NOT NULL
        );
        CREATE UNIQUE INDEX staff_name ON staff(name COLLATE NOCASE);
        ALTER TABLE history ADD COLUMN device_id INTEGER;
        ALTER TABLE history ADD COLUMN staff TEXT;
        ALTER TABLE scans ADD COLUMN device_id INTEGER;
        ALTER TABLE scans ADD COLUMN staff TEXT;
        ALTER TABLE outbox ADD COLUMN device_id INTEGER;
        ALTER TABLE outbox ADD COLUMN staff TEXT;
        """
}
