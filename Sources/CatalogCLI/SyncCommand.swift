import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import SquareAPI

/// `catalog sync`: bring the local database up to date with Square.
struct SyncCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Bring the local catalog up to date with Square.",
        discussion: """
            The first sync fetches everything; later ones fetch only what changed since the last one, \
            deletions included. An interrupted sync (killed, network gone) resumes where it stopped \
            on the next run. Progress goes to stderr on a terminal; the summary goes to stdout.
            An object Square sends that cannot be stored is held back with the reason and everything else \
            is stored; the sync then exits 65 naming it. Every later sync asks Square for it again, and one \
            that now stores leaves the list (--problems shows it). A variation whose item is held back \
            waits with it.
            """
    )

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Fetch the whole catalog again and drop local objects Square no longer has.")
    var full = false

    @Flag(help: "List the objects held back (without syncing): what each is, why, since when.")
    var problems = false

    @Flag(help: "Print the summary (or with --problems, each object held back) as JSON.")
    var json = false

    /// A first sync builds the search index at its end, reading on a second connection while the writing
    /// one stores it.
    var connections: DatabaseConnections { .pool }

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        if problems {
            try await listProblems(context, output)
            return
        }
        let summary = try await SyncWorkflow(context: context).run(full: full, report: { output.error($0) })
        if json { output.out(SyncWorkflow.json(summary)) } else { output.out(SyncWorkflow.line(summary)) }
        if let line = SyncWorkflow.problemsLine(summary) {
            if !json { output.error(line) }
            throw ExitCode(ExitStatus.dataError.rawValue)
        }
    }

    /// `catalog sync --problems`: the objects held back, without syncing.
    func listProblems(_ context: AppContext, _ output: CommandOutput) async throws {
        let held = try await SyncWorkflow.problems(context: context)
        if json {
            for problem in held { output.out(problem.summaryJSON) }
            return
        }
        guard !held.isEmpty else {
            output.out("Nothing is held back: every object Square sent is stored.")
            return
        }
        for problem in held {
            output.out(
                "\(Terminal.visible(problem.label))  \(Terminal.visible(problem.reason))  (since \(problem.firstSeenAt), "
                    + "tried \(problem.attempts) time\(problem.attempts == 1 ? "" : "s"))")
        }
        output.out("Fix them in Square; every catalog sync tries them again.")
    }
}
