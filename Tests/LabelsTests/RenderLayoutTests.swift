import CatalogCore
import Foundation
import Testing

@testable import Labels

@Suite("Layout and pages")
struct RenderLayoutTests {
    let renderer = LabelRenderer()

    @Test("A barcode too wide for its frame names the template, element, data and both widths")
    func tooWide() throws {
        let template = RenderFixtures.shelfTag(dpi: 203, moduleDots: 3, barcodeWidth: .inches(1))
        let label = RenderFixtures.item(gtin: "4006381333931")
        let error = #expect(throws: LabelRenderError.self) { try renderer.pdf(template, labels: [label]) }
        // EAN-13: 95 modules + 11 + 7 quiet = 113 modules of 3 dots = 339 dots; the frame is 203 dots.
        #expect(
            error
                == .barcodeTooWide(
                    template: "test-shelf", element: 3, data: "4006381333931", neededDots: 339, frameDots: 203,
                    dpi: 203, moduleDots: 3))
        let text = error?.description ?? ""
        for part in [
            "test-shelf", "element 3", "4006381333931", "339 dots", "203 dots", "smaller module", "wider frame",
        ] {
            #expect(text.contains(part), "missing \(part) in: \(text)")
        }
        #expect(throws: LabelRenderError.self) { try renderer.png(template, label: label) }
    }

    @Test("A code too wide shrinks to min_module, then falls back; when nothing fits the error names the item")
    func fallbacks() throws {
        func template(minimum: Int?, fallbacks: [BarcodeElement.Symbology], width: Length) -> LabelTemplate {
            var template = RenderFixtures.shelfTag(dpi: 203, moduleDots: 3, barcodeWidth: width)
            guard case .barcode(var barcode) = template.elements[2] else { return template }
            barcode.minimumModuleDots = minimum ?? barcode.moduleDots
            barcode.fallbacks = fallbacks
            template.elements[2] = .barcode(barcode)
            return template
        }
        // Code 128 of this SKU: (16 + 3) x 11 + 2 = 211 modules + 20 quiet = 231; 693 dots at 3, 462 at 2.
        let label = RenderFixtures.item(name: "Loose Leaf Tea", gtin: nil, sku: "TR-TTE-78816-1KG")
        let shrunk = try renderer.layout(template(minimum: 2, fallbacks: [], width: .inches(2.3)), label: label)
        #expect(shrunk.barcodes.first?.moduleDots == 2 && shrunk.barcodes.first?.symbol.isLinear == true)
        let qr = try renderer.layout(template(minimum: 3, fallbacks: [.qr], width: .inches(2.1)), label: label)
        #expect(qr.barcodes.first?.symbol.isLinear == false)
        let error = #expect(throws: LabelRenderError.self) {
            try renderer.layout(template(minimum: 2, fallbacks: [.qr], width: .inches(0.25)), label: label)
        }
        let text = error?.description ?? ""
        for part in ["test-shelf", "Loose Leaf Tea", "TR-TTE-78816-1KG", "Code 128", "QR", "catalog codes assign"] {
            #expect(text.contains(part), "missing \(part) in: \(text)")
        }
    }

    @Test("Quiet zones stay inside the frame and the bars fill its height above the digits")
    func quietZonesInside() throws {
        let template = RenderFixtures.shelfTag(dpi: 300)
        let layout = try renderer.layout(template, label: RenderFixtures.item(gtin: "012345678905"))
        let barcode = try #require(layout.barcodes.first)
        let frameLeft = 0.075 * 300
        let frameRight = frameLeft + 2.1 * 300
        #expect(Double(barcode.leftDots - 9 * 4) >= frameLeft)
        #expect(Double(barcode.leftDots + barcode.widthDots + 9 * 4) <= frameRight)
        let frameBottom = Double(30 + 56) * 300 / 72
        let digits = try #require(barcode.humanReadable)
        #expect(digits.layout.lines == ["012345678905"])
        #expect(Double(barcode.topDots + barcode.heightDots) < frameBottom)
        #expect(barcode.heightDots > 150)
    }

    @Test("Roll templates give one page per label of the label's size")
    func rollPages() async throws {
        let labels = (0..<3).map { RenderFixtures.item(name: "N\($0)", sku: "s-\($0)") }
        let pdf = try renderer.pdf(RenderFixtures.shelfTag(dpi: 203), labels: labels)
        let info = try await pdfInfo(pdf)
        #expect(info["Pages"] == "3")
        #expect(info["Page size"] == "162 x 90 pts")
    }

    @Test("Sheet templates fill the grid row by row onto as many pages as needed")
    func sheetPages() async throws {
        let template = RenderFixtures.sheet()
        let labels = (0..<13).map { RenderFixtures.item(name: "N\($0)", sku: "s-\($0)") }
        let info = try await pdfInfo(try renderer.pdf(template, labels: labels))
        #expect(info["Pages"] == "3")
        #expect(info["Page size"] == "446.4 x 288 pts")
        #expect(abs(LabelRenderer.origin(of: 0, in: template).x - 0.0333 * 72) < 1e-9)
        #expect(abs(LabelRenderer.origin(of: 2, in: template).x - (0.0333 + 4) * 72) < 1e-9)
        #expect(abs(LabelRenderer.origin(of: 3, in: template).y - (1.5 * 72 + 36)) < 1e-9)
        #expect(abs(LabelRenderer.origin(of: 3, in: template).x - 0.0333 * 72) < 1e-9)
    }

    @Test("The PNG preview is the label's size in dots at the template's resolution")
    func previewSize() throws {
        let png = try renderer.png(RenderFixtures.shelfTag(dpi: 300), label: RenderFixtures.item(sku: "s"))
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 675 && height == 375)
    }

    @Test("Field expressions fill text; a sale tag's regular price is struck through")
    func fields() throws {
        let template = LabelTemplate(
            name: "sale", width: .inches(2), height: .inches(1), dpi: 203,
            elements: [
                .text(
                    TextElement(frame: RenderFixtures.rect(4, 4, 130, 14), content: "{{item.name}} {{variation.name}}")),
                .text(
                    TextElement(
                        frame: RenderFixtures.rect(4, 20, 60, 14), content: "{{regular_price}}", strikethrough: true)),
                .text(TextElement(frame: RenderFixtures.rect(70, 20, 60, 14), content: "{{price}}")),
            ])
        let label = RenderFixtures.item(name: "Tea", price: 399, regular: 499)
        let layout = try renderer.layout(template, label: label)
        #expect(layout.texts.map(\.layout.lines) == [["Tea Large"], ["$4.99"], ["$3.99"]])
        #expect(layout.texts.map(\.strikethrough) == [false, true, false])
    }

    @Test("An empty label list still makes a valid PDF; a zero-size template is refused")
    func edges() async throws {
        let pdf = try renderer.pdf(RenderFixtures.shelfTag(dpi: 203), labels: [])
        #expect(try await pdfInfo(pdf)["Pages"] == "1")
        var broken = RenderFixtures.shelfTag(dpi: 203)
        broken.width = .zero
        #expect(throws: LabelRenderError.badTemplateSize(template: "test-shelf")) {
            try renderer.png(broken, label: RenderFixtures.item())
        }
    }

    /// `pdfinfo`'s fields, such as `Pages` and `Page size`.
    private func pdfInfo(_ pdf: [UInt8]) async throws -> [String: String] {
        let folder = try Scan.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try Scan.write(pdf, to: "info.pdf", in: folder)
        var fields: [String: String] = [:]
        for line in try await Scan.run("/usr/bin/pdfinfo", [url.path]).split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            fields[String(parts[0])] = parts[1].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }
}
