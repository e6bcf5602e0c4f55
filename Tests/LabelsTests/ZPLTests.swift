import CatalogCore
import Testing

@testable import Labels

@Suite("ZPL for raw Zebra queues")
struct ZPLTests {
    let renderer = ZPLRenderer()

    @Test("Hex-escaping covers ^ ~ _ and every non-ASCII byte; > and quotes stay as text")
    func escaping() {
        #expect(ZPLEscaping.fieldData("a^b~c_d") == "a_5Eb_7Ec_5Fd")
        #expect(ZPLEscaping.fieldData("é ß Ж") == "_C3_A9 _C3_9F _D0_96")
        #expect(ZPLEscaping.fieldData("\"x\" > y") == "\"x\" > y")
        #expect(ZPLEscaping.fieldData("a\\b") == "a\\\\b")
        #expect(ZPLEscaping.code128Data("a>b_c^") == "a>0b_5Fc_5E")
    }

    @Test("One ^XA ... ^XZ block per label with UTF-8, width and length in dots")
    func structure() throws {
        let labels = [RenderFixtures.item(gtin: "4006381333931"), RenderFixtures.item(sku: "AC-42")]
        let zpl = try renderer.zpl(RenderFixtures.shelfTag(dpi: 203), labels: labels)
        let blocks = zpl.components(separatedBy: "^XZ\n").filter { !$0.isEmpty }
        #expect(blocks.count == 2)
        for block in blocks {
            #expect(block.hasPrefix("^XA\n^CI28\n^PW457\n^LL254\n"))
        }
        #expect(blocks[0].contains("^BY3^BEN,"))
        #expect(blocks[0].contains("^FH_^FD400638133393^FS"))
        #expect(blocks[1].contains("^BY3^BCN,"))
        #expect(blocks[1].contains("^FH_^FDAC-42^FS"))
        #expect(blocks[0].contains("^A0N,"))
        #expect(blocks[0].contains("^GB"))
        // Every ^FD follows a ^FH_.
        let fields = zpl.components(separatedBy: "^FD").count - 1
        #expect(fields > 0 && zpl.components(separatedBy: "^FH_^FD").count - 1 == fields)
    }

    @Test("Layout matches Cairo's: the barcode sits on the same dots")
    func sameLayout() throws {
        let template = RenderFixtures.shelfTag(dpi: 300)
        let label = RenderFixtures.item(gtin: "012345678905")
        let barcode = try #require(try LabelRenderer().layout(template, label: label).barcodes.first)
        let zpl = try renderer.zpl(template, labels: [label])
        #expect(
            zpl.contains(
                "^FO\(barcode.leftDots),\(barcode.topDots)^BY4^BUN,\(barcode.heightDots),Y,N,Y^FH_^FD01234567890^FS"))
    }

    @Test("An item named Fun^XA~JR appears only hex-escaped")
    func injection() throws {
        let label = RenderFixtures.item(name: "Fun^XA~JR _\"é ß Ж>", sku: "x>y~z")
        let zpl = try renderer.zpl(RenderFixtures.shelfTag(dpi: 203), labels: [label])
        #expect(!zpl.contains("Fun^XA"))
        #expect(!zpl.contains("~JR"))
        #expect(zpl.contains("Fun_5EXA_7EJR"))
        #expect(zpl.contains("_C3_A9"))
        #expect(zpl.contains("_D0_96"))
        #expect(zpl.contains("^FDx>0y_7Ez^FS"))
        // Only one ^XA (the label's own) and nothing but printable ASCII.
        #expect(zpl.components(separatedBy: "^XA").count == 2)
        #expect(zpl.utf8.allSatisfy { $0 == 0x0A || (0x20..<0x7F).contains($0) })
    }

    @Test("QR and DataMatrix use ^BQ and ^BX with escaped data")
    func matrices() throws {
        let label = RenderFixtures.item(sku: "ab_c")
        let qr = try renderer.zpl(
            RenderFixtures.shelfTag(dpi: 203, symbology: .qr, content: "{{sku}}"), labels: [label])
        #expect(qr.contains("^BQN,2,2^FH_^FDQA,ab_5Fc^FS"))
        let matrix = try renderer.zpl(
            RenderFixtures.shelfTag(dpi: 203, symbology: .dataMatrix, content: "{{sku}}"), labels: [label])
        #expect(matrix.contains("^BXN,2,200^FH_^FDab_5Fc^FS"))
    }

    @Test("Sheets are refused with a clear error")
    func sheets() {
        let error = #expect(throws: LabelRenderError.self) {
            try renderer.zpl(RenderFixtures.sheet(), labels: [RenderFixtures.item(sku: "s")])
        }
        #expect(error?.description.contains("label sheet") == true)
    }
}
