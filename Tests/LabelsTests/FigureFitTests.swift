import CatalogCore
import Testing

@testable import Labels

/// Fitting text that holds a price, with a made-up font (every character 0.6 em wide) so the numbers are
/// easy to follow: a price shrinks and is never cut; the words around it are cut instead.
@Suite("Text fitting keeps prices whole")
struct FigureFitTests {
    let fitter = TextFitter { text, size in Double(text.count) * size * 0.6 }

    static func data(
        name: String = "Coffee", price: Int64? = 1_234_567, unit: Int64? = nil, sku: String? = "COF-1",
        currency: String = "GBP"
    ) -> LabelData {
        var data = LabelData(
            itemID: "I", variationID: "V", itemName: name, price: price.map { Money(amount: $0, currency: currency) },
            sku: sku, date: "2026-11-23")
        data.unitPrice = unit.map { Money(amount: $0, currency: currency) }
        data.unitPer = "kg"
        return data
    }

    func element(_ content: String, width: Double, size: Double = 20, minimum: Double = 6, lines: Int = 1)
        -> TextElement
    {
        TextElement(
            frame: RenderFixtures.rect(0, 0, width, Double(lines) * size * 1.2), content: content, size: size,
            minimumSize: minimum, maxLines: lines, wrap: lines > 1)
    }

    func fit(_ element: TextElement, _ data: LabelData) throws(FigureOverflow) -> TextLayout {
        try fitter.fit(LabelField.runs(element.content, with: data), in: element)
    }

    @Test("A price too wide at its size shrinks, whole, instead of ending in an ellipsis")
    func shrinks() throws {
        // "£12,345.67" is 10 characters: 6 pt each at 10 pt, so 60 pt wide at 10 pt.
        let layout = try fit(element("{{price}}", width: 60), Self.data())
        #expect(layout == TextLayout(lines: ["£12,345.67"], size: 10, truncated: false))
        // The same text as prose is cut, as before.
        let prose = fitter.fit("£12,345.67", in: element("{{price}}", width: 60, minimum: 12))
        #expect(prose.truncated && prose.lines == ["£12,345…"])
    }

    @Test("A price that does not fit even at the smallest size is refused with its numbers")
    func refuses() {
        let error = #expect(throws: FigureOverflow.self) {
            try fit(element("{{price}}", width: 60, minimum: 12), Self.data())
        }
        #expect(
            error == FigureOverflow(fields: [.price], text: "£12,345.67", neededPoints: 72, framePoints: 60, size: 12))
    }

    @Test("Beside a price, the name is cut and the price stays whole at the end")
    func cutsTheNameBeforeThePrice() throws {
        let data = Self.data(name: "Extraordinarily long organic coffee beans")
        // At 10 pt a character is 6 pt: 20 characters in 120 pt, 11 of them the price and its space.
        let layout = try fit(element("{{item.name}} {{price}}", width: 120, minimum: 10), data)
        #expect(layout == TextLayout(lines: ["Extraord… £12,345.67"], size: 10, truncated: true))
    }

    @Test("A unit price keeps its whole text; the SKU after it is cut")
    func unitPriceBeforeSKU() throws {
        let data = Self.data(unit: 2_469_134, sku: "CRAFT-MUG-SAGE-LARGE")
        let layout = try fit(element("{{unit_price}} {{sku}}", width: 120, minimum: 10), data)
        #expect(layout.lines == ["£24,691.34/kg CRAFT…"])
        // With no room for any of the SKU, the ellipsis stands alone, then the unit price alone.
        #expect(try fit(element("{{unit_price}} {{sku}}", width: 90, minimum: 10), data).lines == ["£24,691.34/kg …"])
        #expect(try fit(element("{{unit_price}} {{sku}}", width: 84, minimum: 10), data).lines == ["£24,691.34/kg"])
    }

    @Test("A price with a currency code is one word: wrapping never splits it from its code")
    func codeStaysWithAmount() throws {
        let data = Self.data(name: "Uhr", currency: "CHF")
        let layout = try fit(element("{{item.name}} {{price}}", width: 90, size: 10, lines: 2), data)
        #expect(layout.lines == ["Uhr", "12,345.67 CHF"])
        #expect(!layout.truncated)
    }

    @Test("Text without a price fits as before: shrunk, then cut with an ellipsis")
    func proseUnchanged() throws {
        let text = "Extraordinarily long organic fair-trade single-origin coffee beans"
        let element = element("{{item.name}} {{sku}}", width: 100, size: 12, lines: 2)
        let data = Self.data(name: text, sku: nil)
        #expect(try fit(element, data) == fitter.fit(text, in: element))
        #expect(try fit(element, data).truncated)
    }

    @Test("render and runs agree, and spaces next to empty fields still collapse")
    func runsMatchRender() {
        let data = Self.data(unit: nil, sku: nil)
        for content in ["{{unit_price}} {{sku}}", "SALE {{sale_ends}} {{unit_price}}", "{{item.name}} {{price}} ", ""] {
            let runs = LabelField.runs(content, with: data)
            #expect(runs.map(\.text).joined() == LabelField.render(content, with: data), "\(content)")
            #expect(!runs.contains { $0.text.isEmpty })
        }
        #expect(LabelField.runs("SALE {{sale_ends}} {{unit_price}}", with: data) == [TextRun(text: "SALE")])
        #expect(
            LabelField.runs("{{item.name}}: {{price}}", with: data)
                == [
                    TextRun(text: "Coffee", field: .itemName), TextRun(text: ": "),
                    TextRun(text: "£12,345.67", field: .price),
                ])
    }
}
