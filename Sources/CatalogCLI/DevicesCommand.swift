import ArgumentParser
import CatalogApp
import CommandSupport
import Foundation
import Store

/// `catalog devices pair|list|revoke`: who may use the shop's hub.
struct DevicesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "Pair, list and revoke the devices that may use the hub (catalog serve).",
        subcommands: [Pair.self, List.self, Revoke.self]
    )

    /// The hub's database, which must exist: a code made in a new, empty file could never pair with a hub.
    static func hubDatabase(_ context: AppContext) throws -> CatalogDatabase {
        let path = context.settings.databasePath
        guard FileManager.default.fileExists(atPath: path) else {
            throw AppError(
                "There is no hub database at \(Terminal.visible(path)). Give the database catalog serve runs with "
                    + "(its --db, or CATALOG_DB), on the hub's computer.", exitCode: .noInput)
        }
        return try context.openDatabase()
    }
}
