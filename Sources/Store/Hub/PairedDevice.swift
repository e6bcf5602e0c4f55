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
    /// What it may do: a `counter` (the default) or a `manager`, as the code it paired with said.
    public var role: Role

    /// What `catalog devices list --json` prints (never the token or the CSRF token).
    public var json: JSONValue {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        return [
            "id": .number(String(id)), "name": .string(name), "paired_at": .string(pairedAt),
            "paired_from": text(pairedFrom), "last_seen_at": text(lastSeenAt), "revoked_at": text(revokedAt),
            "role": .string(role.rawValue),
        ]
    }
}

/// Read from `devices` column for column, all but `token_hash` (`DeviceRecord` is the whole row).
extension PairedDevice: SnakeCaseColumns {}

extension CatalogDatabase {
    /// Keeps a pairing code (as its digest) that pairs one device as `role` until `expiresAt`.
    public func addPairingCode(
        digest: String, madeAt: Timestamp, expiresAt: Timestamp, role: Role = .counter
    ) async throws {
        try await write { db in
            try PairingCodeRecord(
                codeHash: digest, madeAt: madeAt.rfc3339, expiresAt: expiresAt.rfc3339, role: role.rawValue
            ).insert(db)
            // Codes that ended a day ago are of no use to anybody.
            let stale = Timestamp(seconds: madeAt.seconds - 86_400).rfc3339
            _ = try PairingCodeRecord.filter(PairingCodeRecord.Columns.deviceID == nil)
                .filter(PairingCodeRecord.Columns.expiresAt < stale).deleteAll(db)
        }
    }

    /// Pairs a device with the code whose digest is `codeDigest`, if that code is unused and unexpired at
    /// `now`: the code is used up and the device kept, in one transaction. `nil` when the code does not pair.
    public func pairDevice(
        codeDigest: String, name: String, tokenDigest: String, csrfToken: String, from address: String?,
        now: Timestamp
    ) async throws -> PairedDevice? {
        try await write { db in
            guard var code = try PairingCodeRecord.fetchOne(db, key: codeDigest), code.usedAt == nil,
                let expires = Timestamp(rfc3339: code.expiresAt), now < expires
            else { return nil }
            var device = DeviceRecord(
                name: name, tokenHash: tokenDigest, csrfToken: csrfToken, pairedAt: now.rfc3339, pairedFrom: address,
                lastSeenAt: now.rfc3339, role: code.role)
            try device.insert(db)
            try code.updateChanges(db) {
                $0.usedAt = now.rfc3339
                $0.deviceID = device.id
            }
            return try DeviceRecord.filter(key: device.id).asRequest(of: PairedDevice.self).fetchOne(db)
        }
    }

    /// The paired, unrevoked device whose token has the digest `tokenDigest`.
    public func device(tokenDigest: String) async throws -> PairedDevice? {
        // A cached statement: every request a device makes asks this first.
        try await read { db in
            try PairedDevice.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM devices WHERE token_hash = ? AND revoked_at IS NULL"),
                arguments: [tokenDigest])
        }
    }

    /// Every device ever paired, oldest first; revoked ones only when `includeRevoked`.
    public func devices(includeRevoked: Bool = false) async throws -> [PairedDevice] {
        try await read { db in
            let request = includeRevoked ? DeviceRecord.all().asRequest(of: PairedDevice.self) : DeviceRecord.active
            return try request.order(DeviceRecord.Columns.id).fetchAll(db)
        }
    }

    /// Revokes the unrevoked device whose id is `nameOrID`, or else those it names (a name in any case) at
    /// `now`; those revoked. (`HubDevices.revoke` revokes by name only when one device has it.)
    public func revokeDevices(_ nameOrID: String, now: Timestamp) async throws -> [PairedDevice] {
        try await write { db in
            typealias Columns = DeviceRecord.Columns
            var devices = try DeviceRecord.active.filter(cast(Columns.id, as: .text) == nameOrID).fetchAll(db)
            if devices.isEmpty {
                devices = try DeviceRecord.active.filter(Columns.name.lowercased == nameOrID.lowercased())
                    .order(Columns.id).fetchAll(db)
            }
            _ = try DeviceRecord.filter(keys: devices.map(\.id)).updateAll(db, Columns.revokedAt.set(to: now.rfc3339))
            for index in devices.indices { devices[index].revokedAt = now.rfc3339 }
            return devices
        }
    }

    /// Whether the device `id` is paired and not revoked.
    public func deviceIsActive(_ id: Int64) async throws -> Bool {
        try await read { db in try DeviceRecord.active.filter(key: id).fetchCount(db) > 0 }
    }

    /// Notes that the device made a request at `now`.
    public func deviceSeen(_ id: Int64, now: Timestamp) async throws {
        try await write { db in
            _ = try DeviceRecord.filter(key: id).updateAll(db, DeviceRecord.Columns.lastSeenAt.set(to: now.rfc3339))
        }
    }
}
