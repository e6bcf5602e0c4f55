import CatalogCore
import CatalogTestSupport
import Foundation
import Testing

@testable import Labels

/// Every barcode, rendered as the PNG preview and as PDF rasterised at 203 and 300 dpi, decodes to
/// exactly the item's code with both zbar and zxing-cpp.
@Suite("Rendered barcodes scan", .requires(.poppler, .zbarimg, .zxingCpp, .pillow))
struct ScanTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var symbology: BarcodeElement.Symbology
        var content: String
        var gtin: String?
        var sku: String?
        /// The code a scanner must read.
        var code: String
        /// zbar's and zxing-cpp's names for the symbology (nil: that decoder cannot read it).
        var zbarFormat: String?
        var zxingFormat: String
        /// zxing-cpp 3.1 gives a UPC-A in its 13-digit EAN form.
        var zxingText: String?
        /// Module widths at 203 and 300 dpi: a 13-character Code 128 needs 2 and 3 dots to fit 2 in.
        var modules: [Int: Int] = [203: 3, 300: 4]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "EAN-13 from a GTIN", symbology: .auto, content: "", gtin: "4006381333931", sku: "AC-1",
            code: "4006381333931", zbarFormat: "EAN-13", zxingFormat: "EAN13"),
        Case(
            name: "UPC-A from a GTIN", symbology: .auto, content: "", gtin: "012345678905", sku: nil,
            code: "012345678905", zbarFormat: "UPC-A", zxingFormat: "EAN13", zxingText: "0012345678905"),
        Case(
            name: "Code 128 of a SKU with hyphens and lowercase", symbology: .auto, content: "", gtin: nil,
            sku: "ac-wdg-0042-l", code: "ac-wdg-0042-l", zbarFormat: "CODE-128", zxingFormat: "Code128",
            modules: [203: 2, 300: 3]),
        Case(
            name: "explicit Code 128 of a mixed-case SKU", symbology: .code128, content: "{{sku}}",
            gtin: "4006381333931", sku: "Tea-Box_7/b", code: "Tea-Box_7/b", zbarFormat: "CODE-128",
            zxingFormat: "Code128", modules: [203: 2, 300: 3]),
        Case(
            name: "QR of a SKU", symbology: .qr, content: "{{sku}}", gtin: nil, sku: "ac-wdg-0042-l",
            code: "ac-wdg-0042-l", zbarFormat: "QR-Code", zxingFormat: "QRCode"),
        Case(
            name: "DataMatrix of a SKU (zbar has no DataMatrix decoder)", symbology: .dataMatrix,
            content: "{{sku}}", gtin: nil, sku: "ac-wdg-0042-l", code: "ac-wdg-0042-l", zbarFormat: nil,
            zxingFormat: "DataMatrix"),
    ]

    @Test("PNG previews and rasterised PDFs decode with zbar and zxing-cpp", arguments: cases)
    func scans(_ scan: Case) async throws {
        let folder = try Scan.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let label = RenderFixtures.item(gtin: scan.gtin, sku: scan.sku)
        var images: [URL] = []
        for dpi in [203, 300] {
            let template = RenderFixtures.shelfTag(
                dpi: dpi, symbology: scan.symbology, content: scan.content, moduleDots: scan.modules[dpi])
            let renderer = LabelRenderer()
            images.append(try Scan.write(renderer.png(template, label: label), to: "preview-\(dpi).png", in: folder))
            let pdf = try Scan.write(renderer.pdf(template, labels: [label]), to: "label-\(dpi).pdf", in: folder)
            images += try await Scan.rasterise(pdf, dpi: 203)
            images += try await Scan.rasterise(pdf, dpi: 300)
        }
        #expect(images.count == 6)
        let zxing = try await Scan.zxing(images)
        for (image, read) in zip(images, zxing) {
            let expectedZbar = scan.zbarFormat.map { [Scan.Reading(format: $0, text: scan.code)] } ?? []
            #expect(try await Scan.zbar(image) == expectedZbar, "zbar on \(image.lastPathComponent)")
            let expectedZXing = Scan.Reading(format: scan.zxingFormat, text: scan.zxingText ?? scan.code)
            #expect(read == [expectedZXing], "zxing-cpp on \(image.lastPathComponent)")
        }
    }

    @Test("Every sheet position scans, wherever the label falls on the page")
    func sheetScans() async throws {
        let folder = try Scan.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let labels = (0..<7).map { index in
            RenderFixtures.item(name: "Item \(index)", sku: "sku-\(index)-ab")
        }
        let pdf = try Scan.write(LabelRenderer().pdf(RenderFixtures.sheet(), labels: labels), to: "s.pdf", in: folder)
        let pages = try await Scan.rasterise(pdf, dpi: 300)
        #expect(pages.count == 2)
        let first = try await Scan.zxing(pages[0]).map(\.text).sorted()
        #expect(first == (0..<6).map { "sku-\($0)-ab" })
        #expect(try await Scan.zxing(pages[1]).map(\.text) == ["sku-6-ab"])
        #expect(try await Scan.zbar(pages[0]).count == 6)
    }
}
