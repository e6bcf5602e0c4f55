import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

/// `catalog label cancel`: take a job back.
struct LabelCancelCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "cancel",
        abstract: "Take a label job back: cancelled at CUPS too when it still waits there.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The job's number (catalog label queue lists them).")
    var id: String

    @Flag(help: "Print the job as one JSON object.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let job = try await LabelQueue(context: context).cancel(try LabelQueue.number(id))
        if json { return output.out(job.json) }
        output.out("Label job \(job.id ?? 0) (\(Terminal.visible(job.title))) is cancelled.")
    }
}
