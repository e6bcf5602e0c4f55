import Foundation
import Testing

@testable import Labels

@Suite("Template parser: stock templates and the format")
struct TemplateParserTests {
    static let stockNames = ["brother-62x29", "dymo-30334", "sale-2x1", "sheet-avery-5160", "shelf-2x1"]

    @Test("every stock template in Labels/ parses", arguments: stockNames)
    func stockTemplateParses(name: String) throws {
        let path = TemplateFixtures.stockFolder + "/\(name).yaml"
        let template = try TemplateParser.parse(contentsOf: path)
        #expect(template.name == name)
        #expect(template.source == path)
        #expect(!template.summary.isEmpty)
        #expect(template.safeArea.left.millimetres >= 0.5)
        let barcodes = template.elements.compactMap { element -> BarcodeElement? in
            if case .barcode(let barcode) = element { return barcode }
            return nil
        }
        #expect(barcodes.count == 1)
        // A 13-character SKU in Code 128 (198 modules with quiet zones) must fit every stock barcode frame.
        for barcode in barcodes {
            let frameDots = barcode.frame.width.dots(at: template.dpi)
            #expect(Double(198 * barcode.moduleDots) <= frameDots + 0.01, "\(name): \(frameDots) dots")
        }
    }

    @Test("the folder holds exactly the documented stock templates")
    func folderContents() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: TemplateFixtures.stockFolder)
        #expect(files.filter { $0.hasSuffix(".yaml") }.sorted() == Self.stockNames.map { "\($0).yaml" })
        let readme = try String(contentsOfFile: TemplateFixtures.stockFolder + "/README.md", encoding: .utf8)
        for name in Self.stockNames { #expect(readme.contains(name)) }
    }

    @Test("sizes, units and defaults come through")
    func values() throws {
        let template = try TemplateParser.parse(TemplateFixtures.valid, name: "t", file: "t.yaml")
        #expect(template.width == .inches(2))
        #expect(abs(template.height.millimetres - 25.4) < 0.0001)
        #expect(template.dpi == 203)
        #expect(template.safeArea == .all(.millimetres(1)))
        guard case .text(let text) = template.elements[0], case .barcode(let barcode) = template.elements[1] else {
            Issue.record("wrong element kinds: \(template.elements)")
            return
        }
        #expect(text.content == "{{item.name}}")
        #expect(text.size == 11)
        #expect(text.minimumSize == 6)
        #expect(text.maxLines == 1 && !text.wrap && text.shrinkToFit && !text.strikethrough)
        #expect(
            text.frame
                == LabelRect(x: .millimetres(1), y: .millimetres(1), width: .millimetres(30), height: .millimetres(8)))
        #expect(barcode.symbology == .ean13 && barcode.moduleDots == 3 && barcode.humanReadable)
        #expect(template.sheet == nil && template.media == nil)
    }

    @Test("the Avery 5160 sheet: 30 labels on US Letter")
    func averySheet() throws {
        let template = try TemplateParser.parse(contentsOf: TemplateFixtures.stockFolder + "/sheet-avery-5160.yaml")
        let sheet = try #require(template.sheet)
        #expect(sheet.labelsPerPage == 30 && sheet.rows == 10 && sheet.columns == 3)
        #expect(sheet.pageWidth == .inches(8.5) && sheet.pageHeight == .inches(11))
        #expect(sheet.top == .inches(0.5) && sheet.left == .inches(0.1875))
        #expect(sheet.horizontalPitch == .inches(2.75) && sheet.verticalPitch == .inches(1))
        #expect(template.media == "na_letter_8.5x11in")
        #expect(template.pageWidth == .inches(8.5))
    }

    @Test("lines, boxes, per-side safe areas, a page by size and an empty auto barcode")
    func otherElements() throws {
        let yaml = """
            size: { width: 62mm, height: 29mm }
            dpi: 300
            safe_area: { top: 1mm, left: 2mm }
            sheet: { page: { width: 62mm, height: 100mm }, rows: 3, columns: 1, top: 0mm, left: 0mm,
                     pitch: { vertical: 30mm } }
            elements:
              - line: { from: [2mm, 10mm], to: [60mm, 10mm], thickness: 0.3mm }
              - box: { frame: { x: 2mm, y: 1mm, width: 60mm, height: 28mm }, thickness: 0.5pt, filled: true }
              - barcode:
                frame: { x: 2mm, y: 12mm, width: 58mm, height: 16mm }
              - text: "{{regular_price}}"
                frame: { x: 2mm, y: 1mm, width: 20mm, height: 5mm }
                strikethrough: true
                max_lines: 2
                weight: Bold
                align: center
            """
        let template = try TemplateParser.parse(yaml, name: "t", file: "t.yaml")
        #expect(template.safeArea == LabelInsets(top: .millimetres(1), left: .millimetres(2)))
        #expect(template.sheet?.verticalPitch == .millimetres(30))
        #expect(template.sheet?.horizontalPitch == .millimetres(62))
        #expect(template.elements.count == 4)
        if case .line(let line) = template.elements[0] {
            #expect(line.x2 == .millimetres(60) && line.thickness == .millimetres(0.3))
        } else {
            Issue.record("element 0 is not a line")
        }
        if case .box(let box) = template.elements[1] { #expect(box.filled) } else { Issue.record("not a box") }
        if case .barcode(let barcode) = template.elements[2] {
            #expect(barcode.symbology == .auto && barcode.content.isEmpty)
            #expect(barcode.moduleDots == 4)  // 0.33 mm at 300 dpi
        } else {
            Issue.record("not a barcode")
        }
        if case .text(let text) = template.elements[3] {
            #expect(text.strikethrough && text.wrap && text.weight == .bold && text.alignment == .center)
        } else {
            Issue.record("not text")
        }
    }
}
