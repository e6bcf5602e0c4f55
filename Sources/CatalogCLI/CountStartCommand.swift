import ArgumentParser
import CatalogApp
import CommandSupport

/// `catalog count start`.
struct CountStartCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: "Open a count at a location: of areas (shelves, categories, vendors, codes), everything, or open.",
        discussion: """
            Each --shelf, --category and --vendor is an area of the count, and the --code ones together are one: \
            several people count different areas at once, each marks theirs counted (catalog count area \
            counted NAME), and a manager accepts it (count area done NAME) or sends it back (count recount \
            NAME). --blind hides what Square expects from whoever counts.
            """)

    @OptionGroup var options: GlobalOptions

    @Option(help: ArgumentHelp("Where the count is (name or id); default the counter's location.", valueName: "name"))
    var location: String?

    @Option(help: ArgumentHelp("Count this category (repeat for several).", valueName: "name"))
    var category: [String] = []

    @Option(help: ArgumentHelp("Count what this vendor supplies (repeat for several).", valueName: "name"))
    var vendor: [String] = []

    @Option(
        help: ArgumentHelp(
            "Count the shelves whose place starts with this, such as A3 (repeat for several).", valueName: "prefix"))
    var shelf: [String] = []

    @Option(help: ArgumentHelp("Count this item: a barcode, SKU or id (repeat; together one area).", valueName: "code"))
    var code: [String] = []

    @Option(
        help: ArgumentHelp(
            "Count this many of the items most overdue for a count (see catalog count due).", valueName: "n"))
    var due: Int?

    @Option(help: ArgumentHelp("With --due: overdue after this many days without a count.", valueName: "days"))
    var days = 90

    @Flag(help: "A blind count: whoever counts is not shown what Square expects.")
    var blind = false

    @Flag(name: .customLong("all"), help: "Count everything sold at the location.")
    var everything = false

    @Option(help: ArgumentHelp("A name for the count (default: its scope, location and day).", valueName: "text"))
    var name: String?

    @Flag(help: "Print the count as one JSON object.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let workflow = try CountWorkflow(context: context)
        let session = try await workflow.start(
            name: name, location: location,
            scope: .init(
                shelves: shelf, categories: category, vendors: vendor, codes: code, due: due, dueDays: days,
                everything: everything),
            blind: blind)
        let areas = try await workflow.progress(of: session)
        if json {
            var object = session.json
            object["areas"] = .array(areas.map(\.json))
            output.out(object)
        } else {
            output.out(
                "Count \(session.id) is open\(session.blind ? " (blind)" : ""): \(Terminal.visible(session.name)).")
            for progress in areas {
                output.out("  \(Terminal.visible(progress.area.name)): \(Terminal.count(progress.size)) items")
            }
        }
    }
}
