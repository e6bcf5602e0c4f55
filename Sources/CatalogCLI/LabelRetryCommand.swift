import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

/// `catalog label retry`: send a failed (or waiting) job again, on its printer or another.
struct LabelRetryCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "retry",
        abstract: "Send a label job again: one that failed or was cancelled, or one stuck at a stopped printer.",
        discussion: """
            The job prints the labels it was made with. A job still waiting at CUPS (a printer out of labels) \
            is cancelled there first, so the tags are not printed twice. --printer sends it to another printer.
            Examples:
              catalog label retry 12
              catalog label retry 12 --printer office --wait
            """)

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The job's number (catalog label queue lists them).")
    var id: String

    @Option(help: ArgumentHelp("Send it to this printer instead (see catalog printers).", valueName: "name"))
    var printer: String?

    @Flag(help: "Wait until the job is printed (or fails) and say how it ended.")
    var wait = false

    @Flag(help: "Print the result as one JSON object.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let outcome = try await LabelPrinting.retry(
            try LabelQueue.number(id), printer: printer, wait: wait, context: context)
        if json { output.out(outcome.json) } else { output.out(outcome.text) }
        if let failure = outcome.failure { throw AppError(failure.description, exitCode: .unavailable) }
    }
}
