import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport

/// `catalog count post`.
struct CountPostCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "post",
        abstract: "Post a count to Square: each counted line as a physical count, once.",
        discussion: """
            The count stops taking counts, then each line goes to Square as a PHYSICAL_COUNT of IN_STOCK \
            at the count's location, as of when it was last counted: sales Square recorded after that still \
            apply on top. Batches are kept in the outbox with their idempotency keys before they are sent; \
            when Square cannot be reached they wait there and the next catalog sync (or this command again) \
            sends them, once. A line Square refuses is reported with Square's reason; the others post.
            Variations in the count's scope that were never counted are not touched unless you give \
            --zero-uncounted. Variations whose stock Square does not track at the location are left out \
            unless you give --track, which turns tracking on for them first; variations not sold at the \
            count's location are left out unless you give --include-not-sold.
            Exit status: 0 every line posted (or the count was already posted: nothing is sent twice), 65 \
            posted in part: Square refused a line, or lines were left out as untracked (the count stays open \
            for them), 75 some wait in the outbox (Square out of reach, or another catalog process posting the \
            same count has not finished).
            """)

    @OptionGroup var options: GlobalOptions
    @OptionGroup var which: CountSessionOptions

    @Flag(help: "Post the variations in scope never counted as 0 (none are, without it).")
    var zeroUncounted = false

    @Flag(help: "Turn on Square's stock tracking for lines it does not track here, and post them.")
    var track = false

    @Flag(help: "Post the lines of variations not sold at the count's location too.")
    var includeNotSold = false

    @Flag(help: "Print the outcome as one JSON object.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let workflow = try CountWorkflow(context: context)
        let session = try await workflow.session(which.session, location: which.location)
        let posting = try await workflow.post(
            session, zeroUncounted: zeroUncounted, track: track, includeNotSold: includeNotSold,
            progress: { done, total in context.progress.status("Posting count \(session.id): \(done) of \(total) lines")
            })
        context.progress.clearStatus()
        output.out(json ? CountOutput.json(posting).jsonString : CountOutput.text(posting))
        if posting.waitingReason != nil { throw ExitCode(ExitStatus.tryLater.rawValue) }
        if !posting.lines(.refused).isEmpty || !posting.lines(.untracked).isEmpty || !posting.lines(.notSold).isEmpty {
            throw ExitCode(ExitStatus.dataError.rawValue)
        }
    }
}
