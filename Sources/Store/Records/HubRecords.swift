import GRDB

/// A row of `hub_queue`: a scan a remote counter keeps until the hub has it (what `QueuedScan` is read from).
struct HubQueueRecord: Codable, Equatable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "hub_queue"

    var seq: Int64?
    var scanID: String
    var code: String
    var device: String?
    var counter: String
    var scannedAt: String
    var postedAt: String?
    var answer: String?
    var refused: String?

    enum CodingKeys: String, CodingKey {
        case seq
        case scanID = "scan_id"
        case code, device, counter
        case scannedAt = "scanned_at"
        case postedAt = "posted_at"
        case answer, refused
    }

    enum Columns {
        static let seq = Column(CodingKeys.seq)
        static let postedAt = Column(CodingKeys.postedAt)
        static let answer = Column(CodingKeys.answer)
        static let refused = Column(CodingKeys.refused)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { seq = inserted.rowID }

    /// The scans the hub has neither answered nor refused, oldest first.
    static var waiting: QueryInterfaceRequest<HubQueueRecord> {
        filter(Columns.postedAt == nil && Columns.refused == nil).order(Columns.seq)
    }
}

extension QueuedScan {
    init(record: HubQueueRecord) throws {
        guard let seq = record.seq else {
            throw StoreError.database(reason: "a hub_queue row was read without its seq")
        }
        self.seq = seq
        scanID = record.scanID
        code = record.code
        device = record.device
        counter = record.counter
        scannedAt = record.scannedAt
        postedAt = record.postedAt
        answer = record.answer
        refused = record.refused
    }
}

/// A row of `devices`: a paired device, with its token's digest (what `PairedDevice` is read from; the
/// digest never leaves the Store).
struct DeviceRecord: Codable, Equatable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "devices"

    var id: Int64?
    var name: String
    var tokenHash: String
    var csrfToken: String
    var pairedAt: String
    var pairedFrom: String?
    var lastSeenAt: String?
    var revokedAt: String?

    enum CodingKeys: String, CodingKey {
        case id, name
        case tokenHash = "token_hash"
        case csrfToken = "csrf_token"
        case pairedAt = "paired_at"
        case pairedFrom = "paired_from"
        case lastSeenAt = "last_seen_at"
        case revokedAt = "revoked_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let name = Column(CodingKeys.name)
        static let tokenHash = Column(CodingKeys.tokenHash)
        static let lastSeenAt = Column(CodingKeys.lastSeenAt)
        static let revokedAt = Column(CodingKeys.revokedAt)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// The devices not revoked.
    static var active: QueryInterfaceRequest<DeviceRecord> { filter(Columns.revokedAt == nil) }
}

extension PairedDevice {
    init(record: DeviceRecord) throws {
        guard let id = record.id else { throw StoreError.database(reason: "a devices row was read without its id") }
        self.id = id
        name = record.name
        csrfToken = record.csrfToken
        pairedAt = record.pairedAt
        pairedFrom = record.pairedFrom
        lastSeenAt = record.lastSeenAt
        revokedAt = record.revokedAt
    }
}

/// A row of `pairing_codes`: a one-time code (its digest) that pairs one device until it expires.
struct PairingCodeRecord: Codable, Equatable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "pairing_codes"

    var codeHash: String
    var madeAt: String
    var expiresAt: String
    var usedAt: String?
    /// The device it paired, once used.
    var deviceID: Int64?

    enum CodingKeys: String, CodingKey {
        case codeHash = "code_hash"
        case madeAt = "made_at"
        case expiresAt = "expires_at"
        case usedAt = "used_at"
        case deviceID = "device_id"
    }

    enum Columns {
        static let expiresAt = Column(CodingKeys.expiresAt)
        static let deviceID = Column(CodingKeys.deviceID)
    }
}
