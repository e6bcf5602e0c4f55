import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

extension DevicesCommand {
    struct Revoke: ContextCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "revoke",
            abstract: "Revoke a device: its next request is refused, and it must pair again.",
            discussion: """
                Give the device's id, or its name when only one paired device has that name (when several have it, \
                nothing is revoked and their ids are listed).
                """)

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The device's id, or its name when one device has it (as catalog devices list shows).")
        var device: String

        @Flag(help: "Print the revoked device as one JSON array.")
        var json = false

        func run(_ context: AppContext, _ output: CommandOutput) async throws {
            let revoked = try await HubDevices(context: context).revoke(device, now: context.clock.now())
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
