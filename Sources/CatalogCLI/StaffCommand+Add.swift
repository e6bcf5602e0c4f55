import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

extension StaffCommand {
    struct Add: ContextCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Add a member of staff with a role and a PIN.",
            discussion: """
                Asks for the PIN twice on the terminal (or reads one line with --pin-stdin). A PIN is 4 to 8 digits; \
                ones anybody would try first (0000, 1234, 1212) are refused. Five wrong PINs in a row lock it for 5 \
                minutes, longer each time after.
                """)

        @OptionGroup var options: GlobalOptions

        @Argument(help: "Their name, as they will type it on a counter screen.")
        var name: String

        @Option(help: "counter or manager: what their PIN lets a counter screen do.")
        var role = "counter"

        @Flag(help: "Read the PIN from standard input (one line), for scripts.")
        var pinStdin = false

        var runsInProcess: Bool { false }

        func run(_ context: AppContext, _ output: CommandOutput) async throws {
            let roster = try StaffRoster(context: context)
            let role = try StaffRoster.role(role)
            let pin = try StaffCommand.newPIN(for: name, fromStandardInput: pinStdin)
            let member = try await roster.add(name, role: role, pin: pin)
            output.out("Added \(Terminal.visible(member.name)) as \(member.role.rawValue).")
        }
    }
}
