import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Foundation

/// `catalog prices apply`.
struct PricesApplyCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "apply",
        abstract: "Apply the staged plans whose time has come (the hub does this by itself every minute).")

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Print what was applied as JSON.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let done = try await StagedPrices(context: context).applyDue()
        if json {
            return output.out(
                .array(
                    done.map { applied in
                        var object =
                            StagedPlanSummary(plan: applied.plan, lines: applied.lines.count).json
                        object["finished"] = .bool(applied.finished)
                        object["prices"] = .array(applied.lines.map(\.json))
                        return object
                    }))
        }
        if done.isEmpty { output.error("No plan is due.") }
        for applied in done {
            let counts = Dictionary(grouping: applied.lines, by: \.status).mapValues(\.count)
            let parts = StagedPlanLine.Status.allCases.compactMap { status in
                counts[status].map { "\(Terminal.count($0)) \(status.rawValue)" }
            }
            output.out(
                "Plan \(applied.plan.id ?? 0) (\(Terminal.visible(applied.plan.name))): "
                    + (parts.isEmpty ? "nothing left to do" : parts.joined(separator: ", "))
                    + (applied.finished ? "." : "; the rest waits for Square."))
            for line in applied.lines where [.conflict, .failed, .queued].contains(line.status) {
                output.out("  line \(line.line)  \(Terminal.visible(line.label)): \(line.message)")
            }
        }
        if done.contains(where: { !$0.finished }) { throw ExitCode(ExitStatus.tryLater.rawValue) }
        if done.contains(where: { $0.lines.contains { [.conflict, .failed].contains($0.status) } }) {
            throw ExitCode(ExitStatus.dataError.rawValue)
        }
    }
}
