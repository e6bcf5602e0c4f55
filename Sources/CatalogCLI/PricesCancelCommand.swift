import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Foundation

/// `catalog prices cancel`.
struct PricesCancelCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "cancel", abstract: "Take back a staged plan before its time; nothing of it goes to Square.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The plan's number (catalog prices plans lists them).")
    var id: String

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let plan = try await StagedPrices(context: context).cancel(id)
        output.out(
            "Plan \(plan.id ?? 0) (\(Terminal.visible(plan.name))) is cancelled; none of its prices was changed.")
    }
}
