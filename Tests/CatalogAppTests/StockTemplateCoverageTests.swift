import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Labels
import Store
import Testing

/// A tag for every item: every stock template draws a label for every variation of the demo shop (long
/// SKUs without a barcode included, which fall back to a QR code), so no counter meets "the barcode does
/// not fit" on a stock template.
@Suite struct StockTemplateCoverageTests {
    @Test func everyStockTemplateLabelsEveryDemoVariation() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let market = try await shop.context.location("Market Hall", in: shop.database)
            let variations = try await shop.database.variations(changedSince: "1970-01-01T00:00:00Z").map {
                $0.at(market)
            }
            #expect(variations.count > 450)
            #expect(variations.contains { $0.sku == "CRAFT-MUG-SAGE-LARGE" && $0.upc == nil })
            let names = TemplateLibrary().list().filter { $0.origin == .stock }.map(\.name)
            #expect(Set(names).isSuperset(of: ["shelf-2x1", "sale-2x1", "dymo-30334", "brother-62x29"]))
            for name in names {
                let request = LabelRequest(template: name)
                let template = try request.loadTemplate(settings: shop.context.settings)
                let labels = try await request.labelData(for: variations, context: shop.context)
                let pdf = try LabelRenderer().pdf(template, labels: labels)
                #expect(pdf.starts(with: Array("%PDF".utf8)), "\(name)")
            }
        }
    }
}
