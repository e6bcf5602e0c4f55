import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

extension DevicesCommand {
    struct List: ContextCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the paired devices.")

        @OptionGroup var options: GlobalOptions

        @Flag(help: "Also list revoked devices.")
        var all = false

        @Flag(help: "One JSON array.")
        var json = false

        func run(_ context: AppContext, _ output: CommandOutput) async throws {
            let devices = try await HubDevices(context: context).devices(includeRevoked: all)
            if json {
                output.out(JSONValue.array(devices.map(\.json)))
                return
            }
            if devices.isEmpty {
                output.out("No devices are paired. Pair one with catalog devices pair.")
                return
            }
            for device in devices {
                var line =
                    "\(device.id)  \(Terminal.visible(device.name))  \(device.role.rawValue)  paired \(device.pairedAt)"
                if let from = device.pairedFrom { line += " from \(from)" }
                if let seen = device.lastSeenAt { line += ", last seen \(seen)" }
                if let revoked = device.revokedAt { line += ", REVOKED \(revoked)" }
                output.out(line)
            }
        }
    }
}
