import CatalogCore
import Foundation
import Store

/// The devices paired with the shop's hub, as `catalog devices` lists and revokes them on the hub's
/// computer.
public struct HubDevices: Sendable {
    /// The hub's database.
    public let database: any HubStateStore

    /// The devices in the context's database, which must exist: a pairing code made in a new, empty file
    /// could never pair with a hub.
    public init(context: AppContext) throws {
        let path = context.settings.databasePath
        guard FileManager.default.fileExists(atPath: path) else {
            throw AppError(
                "There is no hub database at \(Terminal.visible(path)). Give the database catalog serve runs with "
                    + "(its --db, or CATALOG_DB), on the hub's computer.", exitCode: .noInput)
        }
        database = try context.openDatabase()
    }

    /// The paired devices; with `includeRevoked` also the revoked ones.
    public func devices(includeRevoked: Bool) async throws -> [PairedDevice] {
        try await database.devices(includeRevoked: includeRevoked)
    }

    /// Revokes the device whose id is `nameOrID`, or else the one active device with that name (in any case),
    /// at `now`; answers it (none when nothing matched). A name several active devices have revokes none: the
    /// error lists them, with their ids, to revoke one by its id.
    public func revoke(_ nameOrID: String, now: Timestamp) async throws -> [PairedDevice] {
        let active = try await database.devices(includeRevoked: false)
        let named = active.filter { $0.name.lowercased() == nameOrID.lowercased() }
        if !active.contains(where: { String($0.id) == nameOrID }), named.count > 1 {
            let list = named.map { "\($0.id) (paired \($0.pairedAt))" }.joined(separator: ", ")
            throw AppError(
                "\(named.count) devices are named “\(Terminal.echo(nameOrID))”: \(list). Revoke one by its id, "
                    + "as catalog devices list shows.", exitCode: .usage)
        }
        return try await database.revokeDevices(nameOrID, now: now)
    }
}
