import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

extension StaffCommand {
    struct Remove: ContextCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove a member of staff: their PIN stops working; what they did stays in the history.")

        @OptionGroup var options: GlobalOptions

        @Argument(help: "Their name.")
        var name: String

        func run(_ context: AppContext, _ output: CommandOutput) async throws {
            try await StaffRoster(context: context).remove(name)
            output.out("Removed \(Terminal.visible(name)).")
        }
    }
}
