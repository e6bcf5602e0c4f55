import CatalogCore
import GRDB

/// A screen, tablet, phone or remote counter that may use the hub: paired once with a one-time code, then
/// known by its token until it is revoked.
public struct PairedDevice: Sendable, Equatable {
    public var id: Int64
    /// The name given when pairing ("Till 2", "Back office tablet").
    public var name: String
    /// The token that must come with every state-changing request made with the device's cookie.
    public var csrfToken: String
    /// When it was paired, RFC 3339 UTC.
    public var pairedAt: String
    /// The address it paired from, when known.
    public var pairedFrom: String?
    /// When it last made a request (kept to the minute), RFC 3339 UTC.
    public var lastSeenAt: String?
    /// When it was revoked; a revoked device is refused.
    public var revokedAt: String?

    init(row: Row) {
        id = row["id"]
        name = row["name"]
        csrfToken = row["csrf_token"]
        pairedAt = row["paired_at"]
        pairedFrom = row["paired_from"]
        lastSeenAt = row["last_seen_at"]
        revokedAt = row["revoked_at"]
    }

    /// What `catalog devices list --json` prints (never the token or the CSRF token).
    public var json: JSONValue {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        return [
            "id": .number(String(id)), "name": .string(name), "paired_at": .string(pairedAt),
            "paired_from": text(pairedFrom), "last_seen_at": text(lastSeenAt), "revoked_at": text(revokedAt),
        ]
    }
}

extension CatalogDatabase {
    /// Keeps a pairing code (as its digest) that pairs one device until `expiresAt`.
    public func addPairingCode(digest: String, madeAt: Timestamp, expiresAt: Timestamp) async throws {
        try await write { db in
            try db.execute(
                sql: "INSERT INTO pairing_codes(code_hash, made_at, expires_at) VALUES (?, ?, ?)",
                arguments: [digest, madeAt.rfc3339, expiresAt.rfc3339])
            // Codes that ended a day ago are of no use to anybody.
            let stale = Timestamp(seconds: madeAt.seconds - 86_400).rfc3339
            try db.execute(
                sql: "DELETE FROM pairing_codes WHERE device_id IS NULL AND expires_at < ?", arguments: [stale])
        }
    }

    /// Pairs a device with the code whose digest is `codeDigest`, if that code is unused and unexpired at
    /// `now`: the code is used up and the device kept, in one transaction. `nil` when the code does not pair.
    public func pairDevice(
        codeDigest: String, name: String, tokenDigest: String, csrfToken: String, from address: String?,
        now: Timestamp
    ) async throws -> PairedDevice? {
        try await write { db in
            guard
                let code = try Row.fetchOne(
                    db, sql: "SELECT expires_at, used_at FROM pairing_codes WHERE code_hash = ?",
                    arguments: [codeDigest]),
                (code["used_at"] as String?) == nil,
                let expires = Timestamp(rfc3339: code["expires_at"]), now < expires
            else { return nil }
            try db.execute(
                sql: """
                    INSERT INTO devices(name, token_hash, csrf_token, paired_at, paired_from, last_seen_at)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [name, tokenDigest, csrfToken, now.rfc3339, address, now.rfc3339])
            let id = db.lastInsertedRowID
            try db.execute(
                sql: "UPDATE pairing_codes SET used_at = ?, device_id = ? WHERE code_hash = ?",
                arguments: [now.rfc3339, id, codeDigest])
            return try Row.fetchOne(db, sql: "SELECT * FROM devices WHERE id = ?", arguments: [id])
                .map(PairedDevice.init(row:))
        }
    }

    /// The paired, unrevoked device whose token has the digest `tokenDigest`.
    public func device(tokenDigest: String) async throws -> PairedDevice? {
        try await read { db in
            try Row.fetchOne(
                db, sql: "SELECT * FROM devices WHERE token_hash = ? AND revoked_at IS NULL", arguments: [tokenDigest]
            ).map(PairedDevice.init(row:))
        }
    }

    /// Every device ever paired, oldest first; revoked ones only when `includeRevoked`.
    public func devices(includeRevoked: Bool = false) async throws -> [PairedDevice] {
        try await read { db in
            let filter = includeRevoked ? "" : "WHERE revoked_at IS NULL"
            return try Row.fetchAll(db, sql: "SELECT * FROM devices \(filter) ORDER BY id").map(PairedDevice.init(row:))
        }
    }

    /// Revokes the unrevoked devices `nameOrID` names (an id, or a name in any case) at `now`; those revoked.
    public func revokeDevices(_ nameOrID: String, now: Timestamp) async throws -> [PairedDevice] {
        try await write { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM devices WHERE revoked_at IS NULL
                    AND (CAST(id AS TEXT) = ? OR lower(name) = lower(?)) ORDER BY id
                    """,
                arguments: [nameOrID, nameOrID])
            var revoked = rows.map(PairedDevice.init(row:))
            for index in revoked.indices {
                try db.execute(
                    sql: "UPDATE devices SET revoked_at = ? WHERE id = ?", arguments: [now.rfc3339, revoked[index].id])
                revoked[index].revokedAt = now.rfc3339
            }
            return revoked
        }
    }

    /// Whether the device `id` is paired and not revoked.
    public func deviceIsActive(_ id: Int64) async throws -> Bool {
        try await read { db in
            try Bool.fetchOne(
                db, sql: "SELECT count(*) > 0 FROM devices WHERE id = ? AND revoked_at IS NULL", arguments: [id])
                ?? false
        }
    }

    /// Notes that the device made a request at `now`.
    public func deviceSeen(_ id: Int64, now: Timestamp) async throws {
        try await write { db in
            try db.execute(sql: "UPDATE devices SET last_seen_at = ? WHERE id = ?", arguments: [now.rfc3339, id])
        }
    }
}
