import CatalogCore

/// The keys a sync keeps in the database's `sync_state` table.
enum SyncStateKey {
    /// Square's `latest_time` from the last finished pass: the next incremental sync's `begin_time`.
    static let latestTime = "latest_time"
    /// When the last sync finished (RFC 3339, local clock; for people, never used as a watermark).
    static let lastSyncAt = "last_sync_at"
    /// An unfinished pass: its kind, its request body, the cursor of the next page, the
    /// `latest_time` Square gave on its first page, and whether it ends with a sweep.
    static let passKind = "pass_kind"
    static let passRequest = "pass_request"
    static let passCursor = "pass_cursor"
    static let passLatestTime = "pass_latest_time"
    static let passSweep = "pass_sweep"

    static let passKeys = [passKind, passRequest, passCursor, passLatestTime, passSweep]

    /// When the names of every vendor the stored catalog names were last fetched; until then an
    /// incremental sync looks them all up once (a catalog synced before vendors were kept).
    static let vendorsCheckedAt = "vendors_checked_at"

    /// The object types the last finished pass asked for, comma-separated. When this version syncs more
    /// types than the database holds (a database synced before taxes and discounts were kept), the next
    /// sync is a full one, because an incremental pass would only bring the new types' later changes.
    static let objectTypes = "object_types"

    /// The Square seller whose catalog the database holds (a location's `merchant_id`), from the first sync.
    static let merchantID = "merchant_id"
    /// The Square address that first sync used, for messages.
    static let squareAddress = "square_address"
}

/// Why a sync did not start.
public enum SyncError: Error, CustomStringConvertible, Sendable {
    /// The database holds another Square seller's catalog.
    case otherAccount(database: String, stored: String, storedAddress: String?, found: String, address: String)

    public var description: String {
        switch self {
        case .otherAccount(let database, let stored, let storedAddress, let found, let address):
            let before = storedAddress.map { " (synced from \($0))" } ?? ""
            return "The database \(database) holds the catalog of Square account \(stored)\(before), but \(address) "
                + "answers for account \(found). Nothing was synced: mixing two shops' catalogs would show wrong "
                + "items and prices. Point SQUARE_BASE_URL / --square-environment back at the right account, or "
                + "keep this account in a database of its own: --db PATH or CATALOG_DB=PATH (a new file is "
                + "created and fully synced)."
        }
    }
}

/// A pass over Square's catalog that may span several runs of `catalog sync`.
struct SyncPass: Sendable {
    var kind: SyncKind
    var request: JSONValue
    var cursor: String?
    var latestTime: String?
    var sweep: Bool
    var resumed: Bool

    /// The unfinished pass recorded in `state`, if there is one.
    init?(state: [String: String]) {
        guard let kindText = state[SyncStateKey.passKind], let kind = SyncKind(rawValue: kindText),
            let requestText = state[SyncStateKey.passRequest], let request = try? JSONValue.parse(requestText)
        else { return nil }
        self.kind = kind
        self.request = request
        cursor = state[SyncStateKey.passCursor]
        latestTime = state[SyncStateKey.passLatestTime]
        sweep = state[SyncStateKey.passSweep] == "1"
        resumed = true
    }

    init(kind: SyncKind, request: JSONValue, sweep: Bool) {
        self.kind = kind
        self.request = request
        self.sweep = sweep
        resumed = false
    }

    /// The state that records this pass before its first page is fetched.
    var startState: [String: String?] {
        [
            SyncStateKey.passKind: kind.rawValue, SyncStateKey.passRequest: request.jsonString,
            SyncStateKey.passCursor: nil, SyncStateKey.passLatestTime: nil,
            SyncStateKey.passSweep: sweep ? "1" : "0",
        ]
    }
}

extension SyncError: UserFacingError {
    public var exitStatus: ExitStatus {
        switch self {
        case .otherAccount: return .configuration
        }
    }
}
