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

    /// Revokes the devices whose id or name is `nameOrID` at `now`; answers them (none when nothing matched).
    public func revoke(_ nameOrID: String, now: Timestamp) async throws -> [PairedDevice] {
        try await database.revokeDevices(nameOrID, now: now)
    }
}
