import CatalogCore
import Foundation
import Testing

@testable import Labels

/// Issue 34: prices of 10,000 and more were cut on tags (`£12345…`). Every stock template prints every
/// price up to 999,999.99 whole and grouped (the sale tag's regular price and the unit price too), inside
/// its frame; a price no size down to the element's minimum fits is refused with the numbers.
@Suite("Stock templates print long prices whole")
struct LongPriceStockTests {
    static let amounts: [Int64] = [1_234_567, 99_999_999]

    /// A tag at `amount` (or, on a sale, the regular price `amount` and the sale price a fifth off), with
    /// a name and SKU too long for their frames and a unit price per kg as large as the price.
    static func label(_ amount: Int64, currency: String = "GBP", sale: Bool = false) -> LabelData {
        let money = { (amount: Int64) in Money(amount: amount, currency: currency) }
        var data = LabelData(
            itemID: "ITEM1", variationID: "VAR1",
            itemName: "Extraordinarily long organic fair-trade single-origin coffee beans, whole, dark roast",
            variationName: "1 kg", price: money(sale ? amount - amount / 5 : amount),
            regularPrice: sale ? money(amount) : nil, sku: "CRAFT-MUG-SAGE-LARGE", gtin: "4006381333931",
            date: "2026-11-23")
        data.unitPrice = money(amount)
        data.unitPer = "kg"
        if sale { data.saleEnds = "2026-12-01" }
        return data
    }

    static func template(_ name: String) throws -> LabelTemplate {
        try TemplateParser.parse(contentsOf: TemplateFixtures.stockFolder + "/\(name).yaml")
    }

    @Test(
        "£12,345.67 and £999,999.99 (and in $ and €) print whole on every stock template",
        arguments: TemplateParserTests.stockNames, ["GBP", "USD", "EUR"])
    func wholeOnEveryTemplate(name: String, currency: String) throws {
        let template = try Self.template(name)
        for amount in Self.amounts {
            for sale in [false, true] {
                let label = Self.label(amount, currency: currency, sale: sale)
                try expectWhole(template, label, "\(name) \(label.price?.labelText ?? "") sale \(sale)")
            }
        }
    }

    @Test(
        "A price with a currency code either prints whole or is refused naming its template and numbers",
        arguments: TemplateParserTests.stockNames)
    func codeCurrency(name: String) throws {
        let template = try Self.template(name)
        let label = Self.label(99_999_999, currency: "CHF")
        do {
            try expectWhole(template, label, "\(name) 999,999.99 CHF")
        } catch let error as LabelRenderError {
            guard case .priceTooWide(let refused, _, let fields, let text, let needed, let frame, let size) = error
            else { throw error }
            #expect(refused == name && fields == ["price"] && text == "999,999.99 CHF" && needed > frame && size == 6)
        }
    }

    @Test("A price no size fits refuses the label: template, element, field, price, both widths, exit 65")
    func refused() async throws {
        let template = LabelTemplate(
            name: "narrow", width: .points(60), height: .points(30), dpi: 203,
            elements: [
                .text(
                    TextElement(
                        frame: RenderFixtures.rect(4, 4, 30, 20), content: "{{price}}", size: 12, minimumSize: 6,
                        weight: .bold, alignment: .right))
            ])
        let label = Self.label(99_999_999)
        let needed = CairoTextMeasurer().width("£999,999.99", font: "DejaVu Sans", weight: .bold, size: 6)
        let error = #expect(throws: LabelRenderError.self) { _ = try LabelRenderer().layout(template, label: label) }
        #expect(
            error
                == .priceTooWide(
                    template: "narrow", element: 1, fields: ["price"], text: "£999,999.99", neededPoints: needed,
                    framePoints: 30, size: 6))
        let text = error?.description ?? ""
        for part in ["“narrow”", "element 1", "“£999,999.99”", "{{price}}", "42.1 pt", "30 pt (10.6 mm)", "at 6 pt"] {
            #expect(text.contains(part), "missing \(part) in: \(text)")
        }
        #expect(error?.exitStatus == .dataError)
        #expect(throws: LabelRenderError.self) { _ = try LabelRenderer().pdf(template, labels: [label]) }
        #expect(throws: LabelRenderError.self) { _ = try LabelRenderer().png(template, label: label) }
        #expect(throws: LabelRenderError.self) { _ = try ZPLRenderer().zpl(template, labels: [label]) }
    }

    @Test("The PDF's text has the whole grouped prices", arguments: ["shelf-2x1", "dymo-30334", "sale-2x1"])
    func pdfText(name: String) async throws {
        let labels = Self.amounts.map { Self.label($0, sale: name.hasPrefix("sale")) }
        let work = try Scan.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let pdf = try Scan.write(LabelRenderer().pdf(Self.template(name), labels: labels), to: "tags.pdf", in: work)
        let text = try await Scan.run("/usr/bin/pdftotext", [pdf.path, "-"])
        for price in labels.flatMap({ [$0.price, $0.regularPrice] }).compactMap({ $0?.labelText }) {
            #expect(text.contains(price), "\(name): \(price) missing from \(text)")
        }
        #expect(!text.contains("£12345") && !text.contains("£999999"))
    }

    /// Every text element showing a price has each price whole on one line (a price alone is the whole
    /// line, not cut), at no less than the element's minimum size; every line fits its frame, which lies
    /// inside the label.
    private func expectWhole(_ template: LabelTemplate, _ label: LabelData, _ context: String) throws {
        let layout = try LabelRenderer().layout(template, label: label)
        let measurer = CairoTextMeasurer()
        for (index, element) in template.elements.enumerated() {
            guard case .text(let element) = element, case .text(let placed) = layout.items[index] else { continue }
            let frame = placed.frame
            #expect(frame.x.points >= 0 && frame.x.points + frame.width.points <= template.width.points + 0.001)
            #expect(frame.y.points >= 0 && frame.y.points + frame.height.points <= template.height.points + 0.001)
            for line in placed.layout.lines {
                let width = measurer.width(line, font: placed.font, weight: placed.weight, size: placed.layout.size)
                #expect(width <= frame.width.points + 0.001, "\(context): “\(line)” is \(width) pt wide")
            }
            let runs = LabelField.runs(element.content, with: label)
            let figures = runs.filter { $0.field?.isFigure == true }.map(\.text)
            guard !figures.isEmpty else { continue }
            #expect(placed.layout.size >= element.minimumSize, "\(context): \(element.content)")
            for figure in figures {
                #expect(placed.layout.lines.contains { $0.contains(figure) }, "\(context): \(placed.layout.lines)")
            }
            if runs.count == 1 { #expect(placed.layout.lines == figures, "\(context)") }
        }
    }
}
