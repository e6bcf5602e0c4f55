import ArgumentParser
import CatalogApp
import CommandSupport

/// `catalog label stale`: shelf tags whose price changed since they were printed.
struct LabelStaleCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "stale",
        abstract: "List the tags on the shelves whose price has changed since they were printed.",
        discussion: """
            The tags printed for the counter's location (--location, else CATALOG_LOCATION or location: in the \
            config, else the shop's only location): the ones catalog label print --stale --template NAME \
            --printer NAME reprints there.
            """)

    @OptionGroup var options: GlobalOptions

    @Option(help: ArgumentHelp("The location whose tags to list (name or id).", valueName: "name"))
    var location: String?

    @Flag(help: "Print one JSON object per stale tag.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let shop = try await ShopLocations.load(location, context: context)
        let stale = try await StaleTags.list(at: shop.here, context: context)
        if json {
            for tag in stale { output.out(StaleTags.json(tag)) }
            return
        }
        guard !stale.isEmpty else {
            output.out("No stale tags: every printed price is still the catalog's.")
            return
        }
        for tag in stale { output.out(StaleTags.text(tag)) }
        output.out("\(stale.count) stale: catalog label print --stale --template NAME reprints them.")
    }
}
