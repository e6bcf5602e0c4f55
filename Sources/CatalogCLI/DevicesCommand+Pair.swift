import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Hub

extension DevicesCommand {
    struct Pair: ContextCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "pair",
            abstract: "Make a pairing code for a new device: valid once, for ten minutes.",
            discussion: """
                Open the hub's /pair page on the new device (a counter screen, tablet or phone) and type the code \
                with a name for the device, or scan the QR code shown with a phone's camera, or have a program \
                POST it to /api/v1/pair. Run this on the hub's computer, with the hub's database. Once the hub has \
                started, this shows its address, the fingerprint (SHA-256) of its certificate authority and the \
                pairing address https://HOST:PORT/pair?code=CODE#ca=FINGERPRINT that the QR code holds and \
                catalog scan --hub takes.
                """)

        @OptionGroup var options: GlobalOptions

        @Flag(help: "Print {\"code\", \"expires_at\", \"url\", \"ca_sha256\"} as JSON.")
        var json = false

        @Option(help: "counter (the default) or manager: a manager's device may also change prices and receive stock.")
        var role = "counter"

        func run(_ context: AppContext, _ output: CommandOutput) async throws {
            let database = try HubDevices(context: context).database
            let now = context.clock.now()
            let code = try await DeviceKeys.makePairingCode(in: database, now: now, role: StaffRoster.role(role))
            let expires = Timestamp(seconds: now.seconds + DeviceKeys.codeLifetime)
            DevicesCommand.showInvitation(code: code, expires: expires, context: context, json: json, output: output)
        }
    }
}
