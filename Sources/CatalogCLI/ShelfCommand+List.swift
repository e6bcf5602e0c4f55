import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

extension ShelfCommand {
    struct List: ContextCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the variations on the shelves of a location, in shelf order.",
            discussion: """
                Examples:
                  catalog shelf list            every shelf at the counter's location
                  catalog shelf list A3         the places that start with A3
                  catalog shelf list --json --location "Market Road"
                """)

        @OptionGroup var options: GlobalOptions

        @Argument(help: "Only the places that start with this (any case), such as A or A3-.")
        var prefix: String?

        @Option(help: ArgumentHelp("The location (name or id); the counter's own by default.", valueName: "name"))
        var location: String?

        @Flag(help: "Print the location and the variations as one JSON object.")
        var json = false

        func run(_ context: AppContext, _ output: CommandOutput) async throws {
            let walk = try await ShelfWalk.load(prefix: prefix, location: location, context: context)
            if json {
                output.out(walk.json)
                return
            }
            guard !walk.variations.isEmpty else {
                let which = prefix.map { "no shelf place starting with “\(Terminal.echo($0))”" } ?? "no shelf places"
                output.error(
                    "\(Terminal.visible(walk.location.name)) has \(which) yet. Set one with catalog shelf set CODE "
                        + "PLACE.")
                return
            }
            let rows = walk.variations.map { variation in
                [
                    variation.shelf ?? "", variation.label, variation.sku ?? "", walk.prices.priceShown(variation),
                ].map(Terminal.visible)
            }
            let header = ["SHELF", "ITEM", "SKU", "PRICE"]
            for line in TextTable.lines(
                header: header, rows: rows, rightAligned: [3], shrinking: [1], width: output.columns)
            {
                output.out(line)
            }
        }
    }
}
