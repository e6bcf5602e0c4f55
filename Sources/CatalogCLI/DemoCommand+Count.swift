import CatalogApp
import CatalogCore
import Foundation
import Store

extension DemoCommand {
    /// Step 9: a shelf counted at the first location, one item short, the review against Square, and the
    /// count posted to the demo's Square.
    static func countStep(context: AppContext, database: CatalogDatabase) async throws {
        guard let location = try await database.locations().first, let locationID = location["id"]?.stringValue
        else { return }
        // Three variations Square has a count of here (read by the reorder step) and a vendor's unit cost for,
        // a few of each on the shelf.
        let sample = try await database.sampleVariations(limit: 400)
        let supplies = try await database.vendorSupplies(variationIDs: sample.map(\.variationID))
        var shelf: [(VariationSummary, Int)] = []
        for variation in sample where shelf.count < 3 && supplies[variation.variationID]?.unitCost != nil {
            if let text = try await database.stockCounts(variationID: variation.variationID)[locationID],
                let quantity = Int(text), quantity >= 3
            {
                shelf.append((variation, quantity))
            }
        }
        guard shelf.count == 3 else { return }
        let workflow = CountWorkflow(context: context, database: database)
        let session = try await workflow.start(name: "Demo shelf", location: locationID)
        for (index, (variation, quantity)) in shelf.enumerated() {
            // The last one is two short: the variance the review shows.
            _ = try await workflow.count(
                variation.variationID, quantity: Decimal(index == 2 ? quantity - 2 : quantity), in: session)
        }
        let place = location["name"]?.stringValue ?? locationID
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
