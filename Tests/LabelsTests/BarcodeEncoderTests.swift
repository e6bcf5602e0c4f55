import CatalogCore
import Testing

@testable import Labels

@Suite("Barcode encoding with libzint")
struct BarcodeEncoderTests {
    @Test("EAN-13 is 95 modules with guard bars at both ends and in the middle")
    func ean13Grid() throws {
        let symbol = try BarcodeEncoder.encode(.ean13, "4006381333931")
        #expect(symbol.width == 95)
        #expect(symbol.rows == 1)
        let row = symbol.modules[0]
        #expect(Array(row.prefix(3)) == [true, false, true])
        #expect(Array(row.suffix(3)) == [true, false, true])
        #expect(Array(row[45..<50]) == [false, true, false, true, false])
        #expect(symbol.humanReadable == "4006381333931")
        #expect(symbol.quietZone == QuietZone(left: 11, right: 7, vertical: 0))
    }

    @Test("A missing check digit is added; a wrong one is refused naming the data")
    func checkDigits() throws {
        #expect(try BarcodeEncoder.encode(.ean13, "400638133393").data == "4006381333931")
        #expect(try BarcodeEncoder.encode(.upcA, "01234567890").data == "012345678905")
        let error = #expect(throws: LabelRenderError.self) { try BarcodeEncoder.encode(.ean13, "4006381333932") }
        #expect(error?.description.contains("“4006381333932”") == true)
        #expect(error?.description.contains("should be 1") == true)
        let letters = #expect(throws: LabelRenderError.self) { try BarcodeEncoder.encode(.upcA, "ABC") }
        #expect(letters?.description.contains("“ABC” as UPC-A") == true)
    }

    @Test("2-D codes are square grids (QR) or DataMatrix grids with their quiet zones")
    func matrices() throws {
        let qr = try BarcodeEncoder.encode(.qr, "ac-wdg-0042-l")
        #expect(qr.rows == qr.width && qr.rows == 21)
        #expect(qr.modules[0].prefix(7).allSatisfy { $0 })
        #expect(qr.quietZone.vertical == 4)
        let matrix = try BarcodeEncoder.encode(.dataMatrix, "ac-wdg-0042-l")
        #expect(matrix.rows >= 10 && matrix.width >= 10)
        #expect(matrix.modules.allSatisfy { $0[0] })
        #expect(matrix.quietZone == QuietZone(left: 1, right: 1, vertical: 1))
    }

    @Test(
        "auto: UPC-A for a 12-digit form, else EAN-13, else Code 128",
        arguments: [
            ("012345678905", nil, BarcodeElement.Symbology.upcA, "012345678905"),
            ("0012345678905", nil, .upcA, "012345678905"),
            ("4006381333931", "SKU-1", .ean13, "4006381333931"),
            ("96385074", nil, .ean13, "0000096385074"),
            ("10012345678902", nil, .code128, "10012345678902"),
            ("4006381333932", "ac-wdg-0042-l", .code128, "ac-wdg-0042-l"),
            (nil, "ac-wdg-0042-l", .code128, "ac-wdg-0042-l"),
        ] as [(String?, String?, BarcodeElement.Symbology, String)])
    func autoChoice(gtin: String?, sku: String?, symbology: BarcodeElement.Symbology, data: String) throws {
        let label = RenderFixtures.item(gtin: gtin, sku: sku)
        let choice = try BarcodeEncoder.autoChoice(for: label)
        #expect(choice.0 == symbology)
        #expect(choice.1 == data)
        #expect(try BarcodeEncoder.encode(choice.0, choice.1).data == data)
    }

    @Test("auto with neither a GTIN nor a SKU takes the variation id, and with no id names the item")
    func nothingToEncode() throws {
        var label = RenderFixtures.item(name: "Loose Apples", gtin: nil, sku: nil)
        let choice = try BarcodeEncoder.autoChoice(for: label)
        #expect(choice.0 == .code128 && choice.1 == label.variationID && !label.variationID.isEmpty)
        label.variationID = ""
        let error = #expect(throws: LabelRenderError.self) { try BarcodeEncoder.autoChoice(for: label) }
        #expect(error == .nothingToEncode(item: "Loose Apples"))
        #expect(error?.description.contains("“Loose Apples”") == true)
    }

    @Test("Code 128 keeps hyphens, lowercase and '>' as data")
    func code128() throws {
        let symbol = try BarcodeEncoder.encode(.code128, "a>b-c")
        #expect(symbol.data == "a>b-c")
        #expect(symbol.humanReadable == "a>b-c")
        // Start, 5 characters, check, stop: 11 modules each, the stop 13.
        #expect(symbol.width == 11 * 7 + 13)
        #expect(symbol.bars.reduce(0) { $0 + $1.count } > 0)
    }
}
