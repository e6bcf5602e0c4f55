import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

/// `catalog audit show`.
struct AuditShowCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show what an audit found so far, and what is not scanned yet.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The audit's number; the open one by default.")
    var audit: String?

    @Flag(help: "Print the audit as one JSON object.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let audits = try ShelfAudits(context: context)
        let report = try await audits.report(try await audits.audit(audit))
        if json { return output.out(report.json) }
        for line in Self.lines(report, missingWord: "not scanned yet") { output.out(line) }
    }

    /// The report as lines: the audit, each tag that was wrong, and the items not scanned.
    static func lines(_ report: ShelfAudits.Report, missingWord: String) -> [String] {
        let audit = report.audit
        let wrong = report.checks.filter { $0.verdict != .ok }
        var lines = [
            "Shelf audit \(audit.id ?? 0) of \(Terminal.visible(audit.shelf)) at \(Terminal.visible(report.location.name)) "
                + "(\(audit.status.rawValue)): \(report.checks.count) checked, \(report.checks.count - wrong.count) tags OK, "
                + "\(wrong.count) to look at, \(report.missing.count) \(missingWord)."
        ]
        for check in wrong {
            let name = Terminal.visible(report.names[check.variationID] ?? check.variationID)
            switch check.verdict {
            case .stale:
                lines.append(
                    "  WRONG TAG  \(name): showed \(check.printed?.formatted ?? "no price"), price "
                        + "\(check.price?.formatted ?? "variable")"
                        + (check.labelJobID.map { ", reprint is label job \($0)" } ?? ""))
            case .untagged: lines.append("  NO TAG ON RECORD  \(name)")
            case .ok: break
            }
        }
        for missing in report.missing {
            lines.append("  MISSING  \(Terminal.visible(missing.label))  shelf \(missing.shelf ?? "?")")
        }
        return lines
    }
}
