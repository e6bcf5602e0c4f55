import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

/// `catalog count list`.
struct CountListCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the counts: open ones, or every one with --all.")

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Also the posted and cancelled counts.")
    var all = false

    @Flag(help: "One JSON object per count.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let sessions = try await CountWorkflow(context: context).sessions(all: all)
        if sessions.isEmpty, !json {
            output.out(all ? "No counts yet: start one with catalog count start." : "No count is open.")
        }
        for (session, totals) in sessions {
            if json {
                var object = session.json
                object["lines"] = .int(totals.lines)
                object["units"] = .number(Quantity.text(totals.units))
                output.out(object)
            } else {
                output.out(
                    "\(session.id)  \(session.status.rawValue)  \(Terminal.visible(session.name))  "
                        + "\(totals.lines) lines, \(Terminal.quantity(totals.units)) units  started \(session.startedAt) by "
                        + Terminal.visible(session.counter))
            }
        }
    }
}
