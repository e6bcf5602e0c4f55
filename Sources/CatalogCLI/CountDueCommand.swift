import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

/// `catalog count due`.
struct CountDueCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "due",
        abstract: "List what has not been counted for a while at a location, most valuable first.",
        discussion: """
            Cycle counting: count a little every day instead of everything once a year (Square advises at \
            least every 90 days). An item is due when it is sold and tracked at the location and was last \
            counted more than --days ago, or never: by a count catalog posted, or by a physical count in \
            Square's inventory history (read again each time, from where the last read stopped). The value \
            is its stock there times the vendor's unit cost. catalog count start --due 50 opens a count of \
            the 50 first.
            """)

    @OptionGroup var options: GlobalOptions

    @Option(help: ArgumentHelp("The location (name or id); default the counter's.", valueName: "name"))
    var location: String?

    @Option(help: ArgumentHelp("Due after this many days without a count.", valueName: "days"))
    var days = 90

    @Option(help: ArgumentHelp("List at most this many.", valueName: "n"))
    var limit: Int?

    @Flag(help: "Print the list as JSON.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let due = try await CountWorkflow(context: context).due(days: days, location: location, limit: limit)
        if let problem = due.problem {
            output.note("Square could not be read now (\(problem)); the last counts and stock are those kept.")
        }
        if json { return output.out(.array(due.lines.map(\.json))) }
        guard !due.lines.isEmpty else {
            return output.out(
                "Nothing at \(due.location.name) is due: all \(Terminal.count(due.tracked)) tracked items were "
                    + "counted in the last \(days) days.")
        }
        output.out(
            "\(Terminal.count(due.lines.count)) item\(due.lines.count == 1 ? "" : "s") at \(due.location.name) "
                + "not counted for \(days) days, most valuable first:")
        output.out("       value     stock  last counted  item")
        for line in due.lines {
            let value = line.value?.formatted ?? "no cost"
            let stock = line.stock.map(Terminal.quantity) ?? "?"
            let when = line.lastCounted.map { String($0.countedAt.prefix(10)) } ?? "never"
            func right(_ text: String, _ width: Int) -> String {
                String(repeating: " ", count: max(0, width - text.count)) + text
            }
            output.out(
                "  \(right(value, 10))  \(right(stock, 8))  \(Terminal.column(when, 12))  "
                    + Terminal.visible(line.variation.label))
        }
    }
}
