import Testing

@testable import Labels

@Suite("Template errors name the file, the line and the field")
struct TemplateErrorTests {
    /// The error for `valid` with one line replaced.
    func failure(line: Int, _ text: String) -> TemplateError? {
        TemplateFixtures.error(TemplateFixtures.valid(replacingLine: line, with: text))
    }

    @Test("a length without a unit, word for word")
    func noUnit() throws {
        let error = try #require(failure(line: 8, "    size: 11"))
        #expect(
            error.description
                == "Labels/test.yaml line 8: elements[0].size: \"11\" has no unit; write it like 11pt, 3.9mm or 0.15in."
        )
    }

    @Test("a length with a unit that is not mm, in or pt")
    func badUnit() throws {
        let error = try #require(failure(line: 2, "size: { width: 5cm, height: 1in }"))
        #expect(error.line == 2 && error.field == "size.width")
        #expect(error.message.contains("mm, in and pt"))
    }

    @Test("a missing required field at the top, in a frame")
    func missing() throws {
        let top = try #require(failure(line: 2, "# no size"))
        #expect(top.field == "size" && top.line == 1)
        #expect(top.message.hasPrefix("this field is missing"))
        let width = try #require(failure(line: 7, "    frame: { x: 1mm, y: 1mm, height: 8mm }"))
        #expect(width.line == 7 && width.field == "elements[0].frame.width")
        #expect(width.message.contains("x, y, width and height"))
        let frame = try #require(failure(line: 7, "    font: DejaVu Serif"))
        #expect(frame.line == 6 && frame.field == "elements[0].frame")
    }

    @Test("unknown keys list the allowed ones")
    func unknownKeys() throws {
        let inText = try #require(failure(line: 8, "    colour: red"))
        #expect(inText.line == 8 && inText.field == "elements[0].colour")
        #expect(inText.message.contains("\"colour\" is not a known key here"))
        #expect(inText.message.contains("text, frame, font, size, min_size, weight, align, max_lines"))
        let top = try #require(failure(line: 3, "dpis: 203"))
        #expect(top.line == 3 && top.field == "dpis")
        #expect(top.message.contains("summary, size, dpi, safe_area, elements, sheet, media"))
    }

    @Test("an unknown element kind lists the kinds")
    func unknownKind() throws {
        let error = try #require(failure(line: 9, "  - image: logo.png"))
        #expect(error.line == 9 && error.field == "elements[1]")
        #expect(error.message == "\"image\" is not an element kind; use one of text, barcode, line, box.")
    }

    @Test("unknown symbology, weight and alignment list what is allowed")
    func unknownChoices() throws {
        let symbology = try #require(failure(line: 10, "    symbology: ean-8"))
        #expect(symbology.line == 10 && symbology.field == "elements[1].symbology")
        #expect(symbology.message.contains("auto, ean-13, upc-a, code-128, qr, datamatrix"))
        let weight = try #require(failure(line: 8, "    weight: heavy"))
        #expect(weight.line == 8 && weight.field == "elements[0].weight")
        #expect(weight.message.contains("regular, bold"))
        let align = try #require(failure(line: 8, "    align: justify"))
        #expect(align.field == "elements[0].align" && align.message.contains("left, center, right"))
    }

    @Test("a frame outside the label or inside the label but outside the safe area")
    func outside() throws {
        let past = try #require(failure(line: 7, "    frame: { x: 30mm, y: 1mm, width: 30mm, height: 8mm }"))
        #expect(past.line == 7 && past.field == "elements[0].frame")
        #expect(past.message.contains("ends at 60.0mm across"))
        let edge = try #require(failure(line: 7, "    frame: { x: 0.5mm, y: 1mm, width: 30mm, height: 8mm }"))
        #expect(edge.line == 7 && edge.message.contains("outside the safe area"))
        let line = TemplateFixtures.valid.replacingOccurrences(
            of: "  - barcode: \"{{gtin}}\"",
            with: "  - line: { from: [1mm, 1mm], to: [51mm, 1mm] }\n  - barcode: \"{{gtin}}\"")
        let lineError = try #require(TemplateFixtures.error(line))
        #expect(lineError.line == 9 && lineError.field == "elements[1].line.to")
    }

    @Test("sizes of zero or less, and dpi out of range")
    func ranges() throws {
        let zero = try #require(failure(line: 8, "    size: 0pt"))
        #expect(zero.line == 8 && zero.message.contains("greater than zero"))
        let negative = try #require(failure(line: 2, "size: { width: -2in, height: 1in }"))
        #expect(negative.field == "size.width" && negative.message.contains("greater than zero"))
        let dpi = try #require(failure(line: 3, "dpi: 50"))
        #expect(dpi.description == "Labels/test.yaml line 3: dpi: 50 is out of range; dpi must be from 100 to 1200.")
        let text = try #require(failure(line: 3, "dpi: 203dpi"))
        #expect(text.message.contains("not a whole number"))
        let module = try #require(failure(line: 12, "    module: 0"))
        #expect(module.line == 12 && module.field == "elements[1].module")
    }

    @Test("an unknown {{field}} lists the fields")
    func unknownField() throws {
        let error = try #require(failure(line: 6, "  - text: \"{{item.nmae}} {{price}}\""))
        #expect(error.line == 6 && error.field == "elements[0].text")
        #expect(
            error.message.hasPrefix("{{item.nmae}} is not a field; the fields are item.name, variation.name, price"))
        let unclosed = try #require(failure(line: 6, "  - text: \"{{item.name\""))
        #expect(unclosed.message.contains("no closing }}"))
    }

    @Test("YAML syntax errors carry the line Yams reports")
    func syntax() throws {
        let error = try #require(failure(line: 4, "safe_area: [1mm"))
        #expect(error.line == 5)
        #expect(error.field == nil)
        #expect(error.description.hasPrefix("Labels/test.yaml line 5: YAML syntax error"))
        let duplicate = try #require(failure(line: 4, "dpi: 300"))
        #expect(duplicate.message.contains("dpi"))
    }

    @Test("a barcode whose smallest symbol cannot fit its frame")
    func barcodeTooWide() throws {
        let error = try #require(failure(line: 11, "    frame: { x: 1mm, y: 10mm, width: 40mm, height: 14mm }"))
        #expect(error.line == 11 && error.field == "elements[1].frame.width")
        #expect(error.message.contains("113 modules with its quiet zones = 339 dots"))
        let data = try #require(failure(line: 9, "  - barcode:"))
        #expect(data.field == "elements[1].barcode" && data.message.contains("needs data"))
    }

    @Test("a sheet grid that runs off the page, and an empty element list")
    func sheetAndEmpty() throws {
        let sheet = TemplateFixtures.valid.replacingOccurrences(
            of: "elements:",
            with: "sheet: { page: letter, rows: 12, columns: 3, top: 0.5in, left: 0.1875in, "
                + "pitch: { horizontal: 2.75in, vertical: 1in } }\nelements:")
        let error = try #require(TemplateFixtures.error(sheet))
        #expect(error.line == 5 && error.field == "sheet" && error.message.contains("past the"))
        let page = try #require(TemplateFixtures.error(sheet.replacingOccurrences(of: "letter", with: "tabloid")))
        #expect(page.field == "sheet.page" && page.message.contains("letter, legal, a4, a5"))
        let empty = try #require(TemplateFixtures.error("size: { width: 2in, height: 1in }\ndpi: 203\nelements: []\n"))
        #expect(empty.line == 3 && empty.field == "elements")
    }
}
