import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Foundation
import Hub
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

    struct Pair: ContextCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "pair",
            abstract: "Make a pairing code for a new device: valid once, for ten minutes.",
            discussion: """
                Open the hub's /pair page on the new device (a counter screen, tablet or phone) and type the code \
                with a name for the device, or have a program POST it to /api/v1/pair. Run this on the hub's \
                computer, with the hub's database.
                """)

        @OptionGroup var options: GlobalOptions

        @Flag(help: "Print {\"code\", \"expires_at\"} as JSON.")
        var json = false

        func run(_ context: AppContext, _ output: CommandOutput) async throws {
            let database = try DevicesCommand.hubDatabase(context)
            let now = context.clock.now()
            let code = try await DeviceKeys.makePairingCode(in: database, now: now)
            let expires = Timestamp(seconds: now.seconds + DeviceKeys.codeLifetime)
            if json {
                output.out(["code": .string(code), "expires_at": .string(expires.rfc3339)] as JSONValue)
            } else {
                output.out("Pairing code: \(code)")
                output.out(
                    "Type it on the new device at the hub's /pair page before \(expires.rfc3339); it works once.")
            }
        }
    }

    struct List: ContextCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the paired devices.")

        @OptionGroup var options: GlobalOptions

        @Flag(help: "Also list revoked devices.")
        var all = false

        @Flag(help: "One JSON array.")
        var json = false

        func run(_ context: AppContext, _ output: CommandOutput) async throws {
            let devices = try await DevicesCommand.hubDatabase(context).devices(
                includeRevoked: all)
            if json {
                output.out(JSONValue.array(devices.map(\.json)))
                return
            }
            if devices.isEmpty {
                output.out("No devices are paired. Pair one with catalog devices pair.")
                return
            }
            for device in devices {
                var line = "\(device.id)  \(Terminal.visible(device.name))  paired \(device.pairedAt)"
                if let from = device.pairedFrom { line += " from \(from)" }
                if let seen = device.lastSeenAt { line += ", last seen \(seen)" }
                if let revoked = device.revokedAt { line += ", REVOKED \(revoked)" }
                output.out(line)
            }
        }
    }

    struct Revoke: ContextCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "revoke",
            abstract: "Revoke a device: its next request is refused, and it must pair again.")

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The device's id or name (as catalog devices list shows).")
        var device: String

        @Flag(help: "Print the revoked devices as one JSON array.")
        var json = false

        func run(_ context: AppContext, _ output: CommandOutput) async throws {
            let revoked = try await DevicesCommand.hubDatabase(context).revokeDevices(
                device, now: context.clock.now())
            guard !revoked.isEmpty else {
                throw AppError(
                    "No paired device has the id or name “\(Terminal.echo(device))”; see catalog devices list.",
                    exitCode: .notFound)
            }
            if json {
                output.out(JSONValue.array(revoked.map(\.json)))
            } else {
                for device in revoked { output.out("Revoked \(device.id)  \(Terminal.visible(device.name))") }
            }
        }
    }
}
