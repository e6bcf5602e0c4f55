import ArgumentParser
import CatalogApp
import CommandSupport

extension ShelfCommand {
    struct Set: ContextCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Set where a variation stands at a location (\"\" removes it).",
            discussion: """
                The variation is fetched from Square, its shelf place at the location is changed and it is \
                sent back with its version, as catalog edit does; nothing else on it changes. If Square \
                cannot be reached the change waits in the outbox (exit 75) and goes with the next sync.
                Examples:
                  catalog shelf set 4006381333931 A3-2
                  catalog shelf set AC-WDG-0042-L "Aisle 4/Top" --location "Market Road"
                """)

        @OptionGroup var options: GlobalOptions

        @Argument(help: "A barcode, SKU or variation id.")
        var code: String

        @Argument(help: "The shelf place, such as A3-2; \"\" removes it.")
        var place: String

        @Option(help: ArgumentHelp("The location (name or id); the counter's own by default.", valueName: "name"))
        var location: String?

        @Flag(help: "Print the result as one JSON object.")
        var json = false

        func run(_ context: AppContext, _ output: CommandOutput) async throws {
            try await EditWorkflow(context: context).edit(code, EditRequest(location: location, shelf: place))
                .report(json: json, context, output)
        }
    }
}
