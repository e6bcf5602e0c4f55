import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Foundation

/// `catalog label queue`: the print queue, newest first.
struct LabelQueueCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "queue",
        abstract: "List the label jobs in the print queue: waiting, printing, failed, and those of the last day.",
        discussion: """
            Every label print (catalog label print, a counter's label mode, the hub's pages) is a job in the \
            shop's print queue. The hub follows each one in CUPS until it is printed or fails; a failed job \
            stays until someone retries it (catalog label retry) or cancels it (catalog label cancel).
            """)

    @OptionGroup var options: GlobalOptions

    @Flag(help: "List every job kept, not only the open ones and the last day's.")
    var all = false

    @Flag(help: "Print the jobs as one JSON array.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let jobs = try await LabelQueue(context: context).list(all: all)
        if json { return output.out(.array(jobs.map(\.json))) }
        if jobs.isEmpty { return output.error(all ? "The print queue is empty." : "No label jobs today.") }
        for job in jobs { output.out(Self.line(job)) }
    }

    /// One job as a line: `#12  FAILED  10:02  zebra  3 tags: Oat Milk, …  (why)`.
    static func line(_ job: LabelJob) -> String {
        let when = Timestamp(rfc3339: job.updatedAt).map { StagedPrices.local($0, .current) } ?? job.updatedAt
        var line = "#\(job.id ?? 0)  \(job.state.rawValue.uppercased())  \(when)  \(job.printer ?? "default printer")"
        line += "  \(Terminal.visible(job.title))"
        if job.copies > 1 { line += " ×\(job.copies)" }
        if let reason = job.reason { line += "  (\(Terminal.visible(reason)))" }
        return line
    }
}
