import ArgumentParser
import CatalogApp
import CommandSupport

/// `catalog reorder suggest`: what is at or below its low-stock threshold, and how many to order.
struct ReorderSuggestCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "suggest",
        abstract: "Propose what to order from Square's stock counts and each variation's low-stock threshold.",
        discussion: """
            Reads the IN_STOCK count of every variation whose stock is tracked at the location, and \
            compares it with the variation's LOW_QUANTITY alert threshold there (set in Square per \
            location). A variation at or below its threshold is proposed up to a par level: the \
            threshold times the factor (--factor, or reorder.par_factor in the config, default 2), minus \
            what is on hand and what is already on the list or on order, rounded up, at least 1. \
            --apply adds the proposals to the list. Untracked variations and those without a threshold \
            are skipped.
            """
    )

    @OptionGroup var options: GlobalOptions

    @Option(help: ArgumentHelp("The location (name or id); default: the configured or only one.", valueName: "name"))
    var location: String?

    @Option(help: ArgumentHelp("Order up to the threshold times this.", valueName: "factor"))
    var factor: Double?

    @Flag(help: "Add the proposals to the reorder list.")
    var apply = false

    @Flag(help: "Print one JSON object per proposal.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        guard
            let found = try await ReorderWorkflow(context: context).suggest(
                location: location, factor: factor, apply: apply)
        else { return }
        for suggestion in found.report.suggestions {
            if json {
                output.out(ReorderOutput.json(suggestion))
            } else {
                output.out(ReorderOutput.text(suggestion))
            }
        }
        let summary = ReorderOutput.summary(found, frontEnd: context.frontEnd)
        if json { output.error(summary) } else { output.out(summary) }
    }
}
