import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

/// `catalog audit list`.
struct AuditListCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the shelf audits, open ones first.")

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Print the audits as one JSON array.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let audits = try ShelfAudits(context: context)
        let all = try await audits.all()
        if json { return output.out(.array(all.map(\.json))) }
        if all.isEmpty { return output.error("No shelf audits yet. Start one with catalog audit start --shelf A3.") }
        for audit in all {
            output.out(
                "#\(audit.id ?? 0)  \(audit.status.rawValue.uppercased())  \(Terminal.visible(audit.shelf))  "
                    + "started \(audit.startedAt.prefix(16).replacingOccurrences(of: "T", with: " ")) by "
                    + Terminal.visible(audit.startedBy))
        }
    }
}
