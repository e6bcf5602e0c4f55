import CatalogCore
import GRDB

/// A change a device asked the hub for under its own request id, with the answer it was given: the same id
/// again (a retry after a lost answer, a page replaying what it kept) is answered the same, never done twice.
public struct HubRequest: Sendable, Equatable, Codable {
    /// The device's id for the request, unique across the shop (a UUID).
    public var requestID: String
    /// What was asked (`POST /api/v1/items`): an id used again for another change is refused.
    public var route: String
    /// The HTTP status the answer had.
    public var status: Int
    /// The answer, as the JSON sent.
    public var answer: String
    public var answeredAt: String

    public init(requestID: String, route: String, status: Int, answer: String, answeredAt: String) {
        self.requestID = requestID
        self.route = route
        self.status = status
        self.answer = answer
        self.answeredAt = answeredAt
    }
}

/// Read from and written to `hub_requests` column for column.
extension HubRequest: StoreRecord, PersistableRecord {
    public static let databaseTableName = "hub_requests"
}

extension CatalogDatabase {
    /// Migration v18: the answers to changes devices asked for under a request id.
    static let hubRequestSchema = """
        CREATE TABLE hub_requests (
            request_id TEXT PRIMARY KEY NOT NULL,
            route TEXT NOT NULL,
            status INTEGER NOT NULL,
            answer TEXT NOT NULL,
            answered_at TEXT NOT NULL
        );
        """

    /// The answer given to `requestID`, if it was answered.
    public func hubRequest(_ requestID: String) async throws -> HubRequest? {
        // A cached statement: the hub asks for every change posted to it.
        try await read { db in
            try HubRequest.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM hub_requests WHERE request_id = ?"), arguments: [requestID])
        }
    }

    /// Keeps the answer to a request (the first one kept for an id stays).
    public func recordHubRequest(_ request: HubRequest) async throws {
        try await write { db in try request.insert(db, onConflict: .ignore) }
    }

    /// Forgets the answers given before `time` (the hub keeps them 24 hours).
    public func forgetHubRequests(answeredBefore time: Timestamp) async throws {
        let cutoff = time.rfc3339
        try await write { db in try HubRequest.filter(Column("answered_at") < cutoff).deleteAll(db) }
    }
}
