import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

/// `catalog audit finish`.
struct AuditFinishCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "finish",
        abstract: "End an audit: the tags that were wrong, and the items the shelf should hold that nobody scanned.",
        discussion: "An item listed as missing is gone from the shelf, or its tag is lost: look for it there.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The audit's number; the open one by default.")
    var audit: String?

    @Flag(help: "Cancel the audit instead (what it checked is kept).")
    var cancel = false

    @Flag(help: "Print the audit as one JSON object.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let audits = try ShelfAudits(context: context)
        let report = try await audits.finish(try await audits.audit(audit), cancel: cancel)
        if json { return output.out(report.json) }
        for line in AuditShowCommand.lines(report, missingWord: "missing") { output.out(line) }
    }
}
