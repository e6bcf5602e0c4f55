import GRDB

/// A row of `hub_queue` as a remote counter first keeps it: a scan for the hub, numbered (`seq`) by SQLite
/// when it is inserted. Rows are read as `QueuedScan`, column for column.
struct HubQueueRecord: StoreRecord, PersistableRecord, Equatable {
    static let databaseTableName = "hub_queue"

    var scanID: String
    var code: String
    var device: String?
    var counter: String
    var scannedAt: String

    enum Columns: String, ColumnExpression {
        case seq, answer, refused
        case postedAt = "posted_at"
    }

    /// The scans the hub has neither answered nor refused, oldest first.
    static var waiting: QueryInterfaceRequest<QueuedScan> {
        filter(Columns.postedAt == nil && Columns.refused == nil).order(Columns.seq).asRequest(of: QueuedScan.self)
    }
}

/// A row of `devices`: a paired device, with its token's digest (what `PairedDevice` is read from; the
/// digest never leaves the Store).
struct DeviceRecord: NumberedRecord, Equatable {
    static let databaseTableName = "devices"

    var id: Int64?
    var name: String
    var tokenHash: String
    var csrfToken: String
    var pairedAt: String
    var pairedFrom: String?
    var lastSeenAt: String?
    var revokedAt: String?
    var role: String

    enum Columns: String, ColumnExpression {
        case id, name
        case tokenHash = "token_hash"
        case lastSeenAt = "last_seen_at"
        case revokedAt = "revoked_at"
    }

    /// The devices not revoked, as they are shown (without the token's digest).
    static var active: QueryInterfaceRequest<PairedDevice> {
        filter(Columns.revokedAt == nil).asRequest(of: PairedDevice.self)
    }
}

/// A row of `pairing_codes`: a one-time code (its digest) that pairs one device until it expires.
struct PairingCodeRecord: StoreRecord, PersistableRecord, Equatable {
    static let databaseTableName = "pairing_codes"

    var codeHash: String
    var madeAt: String
    var expiresAt: String
    var usedAt: String?
    /// The device it paired, once used.
    var deviceID: Int64?
    /// The role it pairs a device as (`Role`).
    var role: String

    enum Columns: String, ColumnExpression {
        case expiresAt = "expires_at"
        case deviceID = "device_id"
    }
}
