import ArgumentParser
import CatalogApp
import CommandSupport

/// `catalog count start`.
struct CountStartCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "start", abstract: "Open a count at a location, of some categories, vendors, everything, or open.")

    @OptionGroup var options: GlobalOptions

    @Option(help: ArgumentHelp("Where the count is (name or id); default the counter's location.", valueName: "name"))
    var location: String?

    @Option(help: ArgumentHelp("Count this category (repeat for several).", valueName: "name"))
    var category: [String] = []

    @Option(help: ArgumentHelp("Count what this vendor supplies (repeat for several).", valueName: "name"))
    var vendor: [String] = []

    @Flag(name: .customLong("all"), help: "Count everything sold at the location.")
    var everything = false

    @Option(help: ArgumentHelp("A name for the count (default: its scope, location and day).", valueName: "text"))
    var name: String?

    @Flag(help: "Print the count as one JSON object.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let session = try await CountWorkflow(context: context).start(
            name: name, location: location, categories: category, vendors: vendor, everything: everything)
        if json {
            output.out(session.json)
        } else {
            output.out("Count \(session.id) is open: \(Terminal.visible(session.name)).")
        }
    }
}
