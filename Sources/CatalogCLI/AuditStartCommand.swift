import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

/// `catalog audit start`.
struct AuditStartCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "start", abstract: "Start (or rejoin) the audit of a shelf at the counter's location.")

    @OptionGroup var options: GlobalOptions

    @Option(help: ArgumentHelp("The shelf: every place starting with it, such as A3 or A3-2.", valueName: "place"))
    var shelf: String

    @Option(help: ArgumentHelp("The location (name or id); the counter's own by default.", valueName: "name"))
    var location: String?

    @Flag(help: "Print the audit as one JSON object.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let audits = try ShelfAudits(context: context)
        let (audit, _) = try await audits.start(shelf: shelf, location: location)
        let report = try await audits.report(audit)
        if json { return output.out(report.json) }
        output.out(
            "Shelf audit \(audit.id ?? 0) of \(Terminal.visible(audit.shelf)) at \(Terminal.visible(report.location.name)): "
                + "\(report.expected.count) item\(report.expected.count == 1 ? "" : "s") should be there, "
                + "\(report.checks.count) checked so far. Check each with catalog audit check CODE.")
    }
}
