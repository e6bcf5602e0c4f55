import CatalogApp
import CatalogCore
import Foundation
import SquareAPI
import Store
import Sync

extension DemoCommand {
    /// Step 7: a reorder list from the demo shop's low stock at its first location, exported as CSV.
    static func reorderStep(database: CatalogDatabase, client: SquareClient, folder: URL) async throws {
        guard let location = try await database.locations().first, let locationID = location["id"]?.stringValue
        else { return }
        let place = location["name"]?.stringValue ?? locationID
        let report = try await ReorderSuggester(database: database, client: client).suggest(locationID: locationID)
        for suggestion in report.suggestions {
            _ = try await database.addToReorderList(
                variationID: suggestion.variationID, quantity: suggestion.proposal, counter: "demo")
        }
        Terminal.out(
            "\n7. catalog reorder suggest --location \"\(place)\" --apply   (stock counts against low-stock thresholds)"
        )
        Terminal.out(
            "   \(Terminal.count(report.tracked)) tracked variations, \(report.suggestions.count) at or below their "
                + "threshold, added to the reorder list:")
        let lines = try await database.reorderLines(statuses: [.wanted], locationID: locationID)
        for group in ReorderOutput.groups(lines) {
            let units = group.lines.reduce(0) { $0 + $1.quantity }
            let total = ReorderOutput.total(group.lines).map { ", \($0.formatted)" } ?? ""
            Terminal.out("   \(group.vendor): \(group.lines.count) lines, \(units) units\(total)")
        }
        if let first = ReorderOutput.sorted(lines).first {
            Terminal.out("   e.g. " + ReorderOutput.text(first))
        }
        let csv = folder.appendingPathComponent("reorder.csv")
        try OutputFile.replace(csv.path, with: ReorderOutput.csv(lines, excel: false))
        Terminal.out("   catalog reorder export --format csv --output \(csv.path)")
    }
}
