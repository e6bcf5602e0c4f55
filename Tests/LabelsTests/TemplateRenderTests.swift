import CatalogCore
import Testing

@testable import Labels

@Suite("Stock templates lay out with the renderer")
struct TemplateRenderTests {
    static let items = [
        LabelData(
            itemID: "I1", variationID: "V1", itemName: "Organic Dark Chocolate with Sea Salt and Almonds",
            variationName: "100 g", price: Money(amount: 499, currency: "USD"),
            regularPrice: Money(amount: 599, currency: "USD"), sku: "AC-WDG-0042-L", gtin: "4006381333931",
            category: "Snacks", date: "2026-11-23"),
        LabelData(
            itemID: "I2", variationID: "V2", itemName: "Чай с бергамотом", price: Money(amount: 1200, currency: "JPY"),
            sku: "ac-wdg-0042-l", date: "2026-11-23"),
        LabelData(
            itemID: "I3", variationID: "V3", itemName: "Widget", price: nil, gtin: "036000291452", date: "2026-11-23"),
    ]

    @Test(
        "every stock template lays out a GTIN item, a 13-character SKU item and a UPC-A item",
        arguments: TemplateParserTests.stockNames)
    func layout(name: String) throws {
        let template = try TemplateParser.parse(contentsOf: TemplateFixtures.stockFolder + "/\(name).yaml")
        let renderer = LabelRenderer()
        for item in Self.items {
            _ = try renderer.layout(template, label: item)
            let png = try renderer.png(template, label: item)
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        }
        let pdf = try renderer.pdf(template, labels: Self.items)
        #expect(pdf.starts(with: Array("%PDF".utf8)))
    }
}
