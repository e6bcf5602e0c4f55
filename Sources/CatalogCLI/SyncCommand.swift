import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import SquareAPI
import Store
import Sync

/// `catalog sync`: bring the local database up to date with Square.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Bring the local catalog up to date with Square.",
        discussion: """
            The first sync fetches everything; later ones fetch only what changed since the last one, \
            deletions included. An interrupted sync (killed, network gone) resumes where it stopped \
            on the next run. Progress goes to stderr on a terminal; the summary goes to stdout.
            """
    )

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Fetch the whole catalog again and drop local objects Square no longer has.")
    var full = false

    @Flag(help: "Print the summary as one JSON object.")
    var json = false

    func run() async throws {
        try await reportingErrors {
            let summary = try await SyncWorkflow(context: .live(options)).run(full: full, report: Terminal.error)
            if json { Terminal.out(SyncWorkflow.json(summary)) } else { Terminal.out(SyncWorkflow.line(summary)) }
        }
    }
}
