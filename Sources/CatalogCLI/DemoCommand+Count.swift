import CatalogApp
import CatalogCore
import Foundation

extension DemoCommand {
    /// Step 9: a shelf counted at the first location, one item short, the review against Square, and the
    /// count posted to the demo's Square.
    static func countStep(context: AppContext, tour: DemoTour) async throws {
        guard let location = try await tour.firstLocation() else { return }
        // Three variations Square has a count of here (read by the reorder step) and a vendor's unit cost for,
        // a few of each on the shelf.
        let shelf = try await tour.shelfToCount(at: location)
        guard shelf.count == 3 else { return }
        let workflow = try CountWorkflow(context: context)
        let session = try await workflow.start(name: "Demo shelf", location: location.id)
        for (index, (variation, quantity)) in shelf.enumerated() {
            // The last one is two short: the variance the review shows.
            _ = try await workflow.count(
                variation.variationID, quantity: Decimal(index == 2 ? quantity - 2 : quantity), in: session)
        }
        let place = location.name
        Terminal.out(
            "\n9. catalog count start --location \"\(place)\" --name \"Demo shelf\", three items counted "
                + "(catalog scan --mode count), then catalog count review:")
        let review = try await workflow.review(session)
        Terminal.out(CountOutput.text(review).split(separator: "\n").map { "   " + $0 }.joined(separator: "\n"))
        Terminal.out("   Then catalog count post: each line a physical count in Square, as of when it was counted.")
        let posting = try await workflow.post(session)
        Terminal.out(CountOutput.text(posting).split(separator: "\n").map { "   " + $0 }.joined(separator: "\n"))
    }
}
