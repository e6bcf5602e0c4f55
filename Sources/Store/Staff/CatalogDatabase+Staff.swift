import CatalogCore
import GRDB

/// What a PIN try may do next (`CatalogDatabase.beginPINTry`).
public enum PINTry: Sendable, Equatable {
    /// Nobody on the staff has that name.
    case unknown
    /// The PIN is locked until this time (RFC 3339) after too many wrong ones.
    case locked(until: String)
    /// Compare the PIN given with this one; the try is already counted as wrong until `pinAccepted` says not.
    case compare(StaffMember, StaffPIN)
}

extension CatalogDatabase {
    /// Adds `name` to the staff as `role` with `pin` at `now`; false when somebody has that name already
    /// (in any case).
    public func addStaff(name: String, role: Role, pin: StaffPIN, now: Timestamp) async throws -> Bool {
        try await write { db in
            guard try StaffRecord.named(name).fetchCount(db) == 0 else { return false }
            var record = StaffRecord(
                name: name, role: role.rawValue, pinHash: pin.hash, pinSalt: pin.salt, pinRounds: pin.rounds,
                failures: 0, lockouts: 0, lockedUntil: nil, addedAt: now.rfc3339)
            try record.insert(db)
            return true
        }
    }

    /// The staff, by name.
    public func staff() async throws -> [StaffMember] {
        try await read { db in
            try StaffRecord.order(StaffRecord.Columns.name.collating(.nocase)).asRequest(of: StaffMember.self)
                .fetchAll(db)
        }
    }

    /// Removes `name` (in any case) from the staff; false when nobody has that name. What they did stays in
    /// the history under their name.
    public func removeStaff(name: String) async throws -> Bool {
        try await write { db in try StaffRecord.named(name).deleteAll(db) > 0 }
    }

    /// Gives `name` a new PIN and lifts any lockout; false when nobody has that name.
    public func setStaffPIN(name: String, pin: StaffPIN) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: """
                    UPDATE staff SET pin_hash = ?, pin_salt = ?, pin_rounds = ?, failures = 0, lockouts = 0,
                        locked_until = NULL
                    WHERE name = ? COLLATE NOCASE
                    """, arguments: [pin.hash, pin.salt, pin.rounds, name])
            return db.changesCount > 0
        }
    }

    /// Starts a PIN try for `name` at `now`, counted as wrong at once, in one transaction, so tries sent at
    /// the same moment are counted one by one and none is compared beyond the limit: the `most`th wrong try in
    /// a row locks the PIN for `lockout(n)` seconds (n: 1 for the first lockout since the last right PIN,
    /// then 2, ...), and a locked PIN is not compared at all.
    public func beginPINTry(
        name: String, now: Timestamp, most: Int, lockout: @escaping @Sendable (Int) -> Int64
    ) async throws -> PINTry {
        try await write { db in
            guard var record = try StaffRecord.named(name).fetchOne(db) else { return .unknown }
            if let until = record.lockedUntil, let end = Timestamp(rfc3339: until), now < end {
                return .locked(until: until)
            }
            record.failures += 1
            if record.failures >= most {
                record.lockouts += 1
                record.failures = 0
                record.lockedUntil = Timestamp(seconds: now.seconds + lockout(record.lockouts)).rfc3339
            }
            try record.update(db)
            let member = try StaffRecord.filter(key: record.id).asRequest(of: StaffMember.self).fetchOne(db)
            guard let member else { return .unknown }
            return .compare(member, StaffPIN(hash: record.pinHash, salt: record.pinSalt, rounds: record.pinRounds))
        }
    }

    /// A right PIN for the staff member `id`: the wrong tries before it, and any lockout, are forgotten.
    public func pinAccepted(staffID id: Int64) async throws {
        try await write { db in
            try db.execute(
                sql: "UPDATE staff SET failures = 0, lockouts = 0, locked_until = NULL WHERE id = ?",
                arguments: [id])
        }
    }
}
