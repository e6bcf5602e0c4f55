import CatalogApp
import CatalogCore
import Foundation

extension DemoCommand {
    /// Step 7: a reorder list from the demo shop's low stock at its first location, exported as CSV.
    static func reorderStep(tour: DemoTour, folder: URL) async throws {
        guard let location = try await tour.firstLocation() else { return }
        let place = location.name
        let (report, lines) = try await tour.reorderLowStock(at: location)
        Terminal.out(
            "\n7. catalog reorder suggest --location \"\(place)\" --apply   (stock counts against low-stock thresholds)"
        )
        Terminal.out(
            "   \(Terminal.count(report.tracked)) tracked variations, \(report.suggestions.count) at or below their "
                + "threshold, added to the reorder list:")
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
