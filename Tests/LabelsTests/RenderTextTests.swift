import CatalogCore
import Foundation
import Testing

@testable import Labels

@Suite("Text fitting and drawing")
struct RenderTextTests {
    let renderer = LabelRenderer()

    func element(width: Double, height: Double, maxLines: Int = 2, wrap: Bool = true) -> TextElement {
        TextElement(
            frame: RenderFixtures.rect(0, 0, width, height), content: "", size: 12, minimumSize: 6,
            maxLines: maxLines, wrap: wrap)
    }

    @Test("Short text keeps its size on one line")
    func fits() {
        let layout = renderer.fit("Tea", in: element(width: 100, height: 30))
        #expect(layout == TextLayout(lines: ["Tea"], size: 12, truncated: false))
    }

    @Test("A longer name wraps at spaces before shrinking")
    func wraps() {
        let layout = renderer.fit("Organic Green Tea Leaves", in: element(width: 100, height: 30))
        #expect(layout.size == 12)
        #expect(layout.lines == ["Organic Green", "Tea Leaves"])
        #expect(!layout.truncated)
    }

    @Test("A name too long for two lines shrinks until it fits")
    func shrinks() {
        let text = "Organic Green Tea Leaves from the Hills"
        let layout = renderer.fit(text, in: element(width: 100, height: 30))
        #expect(layout.size < 12 && layout.size >= 6)
        #expect(layout.lines.count == 2)
        #expect(layout.lines.joined(separator: " ") == text)
        #expect(!layout.truncated)
    }

    @Test("A name that does not fit at the smallest size ends in an ellipsis")
    func ellipsis() {
        let text = String(repeating: "Extraordinarily long product description ", count: 6)
        let layout = renderer.fit(text, in: element(width: 100, height: 30))
        #expect(layout.size == 6)
        #expect(layout.truncated)
        #expect(layout.lines.count <= 2)
        #expect(layout.lines.last?.hasSuffix("…") == true)
        let measurer = CairoTextMeasurer()
        for line in layout.lines {
            #expect(measurer.width(line, font: "DejaVu Sans", weight: .regular, size: 6) <= 100.001)
        }
    }

    @Test("Without wrapping, the frame's height limits nothing but one line is kept")
    func noWrap() {
        let layout = renderer.fit("Organic Green Tea", in: element(width: 60, height: 40, maxLines: 3, wrap: false))
        #expect(layout.lines.count == 1)
        #expect(layout.size < 12)
    }

    @Test("Height limits the lines: a frame one line high gets one line")
    func heightLimits() {
        let layout = renderer.fit("Organic Green Tea Leaves", in: element(width: 60, height: 14, maxLines: 3))
        #expect(layout.lines.count == 1)
    }

    @Test("Bold measures wider than regular")
    func bold() {
        let measurer = CairoTextMeasurer()
        let regular = measurer.width("Widget", font: "DejaVu Sans", weight: .regular, size: 10)
        let bold = measurer.width("Widget", font: "DejaVu Sans", weight: .bold, size: 10)
        #expect(bold > regular && regular > 20)
    }

    @Test("Unicode names draw: é, ß, Ж and Ω leave ink in the preview")
    func unicode() async throws {
        let measurer = CairoTextMeasurer()
        for word in ["é", "ß", "Ж", "Ω"] {
            #expect(measurer.width(word, font: "DejaVu Sans", weight: .regular, size: 10) > 3)
        }
        let folder = try Scan.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for word in ["é", "ß", "Ж", "Ω"] {
            let template = LabelTemplate(
                name: "glyph", width: .points(40), height: .points(30), dpi: 300,
                elements: [.text(TextElement(frame: RenderFixtures.rect(4, 4, 32, 22), content: word, size: 18))])
            let png = try Scan.write(renderer.png(template, label: RenderFixtures.item()), to: "g.png", in: folder)
            let inkRows = try await Scan.inkedRows(png)
            #expect(inkRows > 15, "\(word) left ink on \(inkRows) rows")
        }
    }

    @Test("The label's text reaches the PDF as text (fonts embedded)")
    func pdfHasFonts() throws {
        let label = RenderFixtures.item(name: "Crème brûlée Straße Жук Ω", sku: "sku-1")
        let pdf = try renderer.pdf(RenderFixtures.shelfTag(dpi: 203), labels: [label])
        let text = String(decoding: pdf, as: UTF8.self)
        #expect(text.hasPrefix("%PDF-"))
        #expect(text.contains("DejaVuSans-Bold"))
    }
}
