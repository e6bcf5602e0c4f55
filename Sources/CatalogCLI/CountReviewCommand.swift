import ArgumentParser
import CatalogApp
import CommandSupport

/// `catalog count review`.
struct CountReviewCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Set a count against what Square expects: variance per line in units and at cost, and totals.",
        discussion: """
            Square's IN_STOCK counts at the count's location are read again now (when Square cannot be \
            reached, those read at each line's first count are used, and the review says so). Variations in \
            the count's scope that were not counted are listed apart: they are never taken as zero unless \
            you say so when posting. Costs are the vendor's unit cost from Square's vendor information. \
            A line counted 23 hours or more ago is shown as posting will send it: as of now, moved by what \
            Square recorded since ("counted 10 on Wed 11:52; 2 sold since; posts 8 as of now"); from 20 \
            hours the review warns that lines are getting old.
            """)

    @OptionGroup var options: GlobalOptions
    @OptionGroup var which: CountSessionOptions

    @Flag(help: "Print the review as one JSON object.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let workflow = try CountWorkflow(context: context)
        let session = try await workflow.session(which.session, location: which.location)
        let review = try await workflow.review(session)
        output.out(json ? CountOutput.json(review).jsonString : CountOutput.text(review))
    }
}
