import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

extension StaffCommand {
    struct Pin: ContextCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "pin", abstract: "Give a member of staff a new PIN (and lift a lockout).")

        @OptionGroup var options: GlobalOptions

        @Argument(help: "Their name.")
        var name: String

        @Flag(help: "Read the PIN from standard input (one line), for scripts.")
        var pinStdin = false

        var runsInProcess: Bool { false }

        func run(_ context: AppContext, _ output: CommandOutput) async throws {
            let roster = try StaffRoster(context: context)
            try await roster.changePIN(of: name, to: try StaffCommand.newPIN(for: name, fromStandardInput: pinStdin))
            output.out("\(Terminal.visible(name)) has a new PIN.")
        }
    }
}
