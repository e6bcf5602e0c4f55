import CatalogCore
import GRDB

/// A member of the shop's staff as the hub knows them: a name, a role, and their PIN's lockout (never the
/// PIN, which is kept only as a slow salted hash in `StaffRecord`).
public struct StaffMember: Sendable, Equatable, Codable, SnakeCaseColumns {
    public var id: Int64
    public var name: String
    public var role: Role
    /// Wrong PINs tried since the last right one (or the last lockout).
    public var failures: Int
    /// Until when the PIN is refused after too many wrong ones, RFC 3339 UTC.
    public var lockedUntil: String?
    /// When they were added, RFC 3339 UTC.
    public var addedAt: String

    /// What `catalog staff list --json` prints.
    public var json: JSONValue {
        [
            "name": .string(name), "role": .string(role.rawValue), "added_at": .string(addedAt),
            "failures": .int(Int64(failures)), "locked_until": lockedUntil.map(JSONValue.string) ?? .null,
        ]
    }
}

/// A staff member's PIN as kept: PBKDF2's output for it (hex), the salt (hex) and the rounds it was made with.
public struct StaffPIN: Sendable, Equatable {
    public var hash: String
    public var salt: String
    public var rounds: Int

    public init(hash: String, salt: String, rounds: Int) {
        self.hash = hash
        self.salt = salt
        self.rounds = rounds
    }
}

/// A row of `staff`, column for column.
struct StaffRecord: NumberedRecord, Equatable {
    static let databaseTableName = "staff"

    var id: Int64?
    var name: String
    var role: String
    var pinHash: String
    var pinSalt: String
    var pinRounds: Int
    var failures: Int
    var lockouts: Int
    var lockedUntil: String?
    var addedAt: String

    enum Columns: String, ColumnExpression {
        case id, name
    }

    /// The row named `name`, in any case.
    static func named(_ name: String) -> QueryInterfaceRequest<StaffRecord> {
        filter(Columns.name.collating(.nocase) == name)
    }
}
