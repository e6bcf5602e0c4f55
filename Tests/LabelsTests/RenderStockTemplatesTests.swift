import CatalogCore
import CatalogTestSupport
import Foundation
import Testing

@testable import Labels

/// Every template shipped in `Labels/` renders a few typical items, and every barcode it prints
/// (PDF rasterised at 203 and 300 dpi, and the PNG preview) scans to exactly the item's code.
@Suite("Stock templates render and scan")
struct RenderStockTemplatesTests {
    /// The repository's `Labels/` folder, found from this file's path.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Labels").path

    static let names: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
        .filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()

    /// Items and the code a scanner must read from each (the EAN-8 is printed in its 13-digit form).
    static let items: [(LabelData, String)] = [
        (RenderFixtures.item(name: "Acme Widget", gtin: "4006381333931", sku: "AC-1"), "4006381333931"),
        (RenderFixtures.item(name: "Tea", gtin: "012345678905", sku: nil, price: 399, regular: 499), "012345678905"),
        (RenderFixtures.item(name: "Crème brûlée Straße Жук Ω", gtin: nil, sku: "ac-wdg-0042-l"), "ac-wdg-0042-l"),
        (
            RenderFixtures.item(
                name: "Extraordinarily long organic fair-trade single-origin coffee beans, whole, dark roast",
                gtin: "96385074", sku: "COF-1"),
            "96385074"
        ),
        // Long SKUs without a GTIN, as loose and own-made goods have: too wide for 2-dot Code 128 on a 2 in tag.
        (RenderFixtures.item(name: "Loose Leaf Tea", gtin: nil, sku: "TR-TTE-78816-1KG"), "TR-TTE-78816-1KG"),
        (RenderFixtures.item(name: "Hand-thrown Mug", gtin: nil, sku: "CRAFT-MUG-SAGE-LARGE"), "CRAFT-MUG-SAGE-LARGE"),
        // Neither a barcode nor a SKU (Square allows it): the variation's id, which the counter's lookup finds.
        (RenderFixtures.item(name: "Hose Pipe 30 m", gtin: nil, sku: nil), "VAR1"),
    ]

    @Test("There are stock templates to test")
    func found() {
        #expect(Self.names.count >= 4, "found \(Self.names) in \(Self.folder)")
    }

    @Test(
        "Each stock template renders demo items whose barcodes scan", .requires(.poppler, .zbarimg, .zxingCpp, .pillow),
        arguments: names)
    func rendersAndScans(_ name: String) async throws {
        let library = TemplateLibrary(folders: [.init(path: Self.folder, origin: .stock)])
        let template = try library.template(named: name)
        let renderer = LabelRenderer()
        let work = try Scan.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let labels = Self.items.map(\.0)
        let codes = Self.items.map(\.1)
        let pdf = try Scan.write(renderer.pdf(template, labels: labels), to: "\(name).pdf", in: work)
        // Each image, the codes it must read as, and what to call it; read by both decoders below.
        var images: [(image: URL, codes: [String], context: String)] = []
        for dpi in [203, 300] {
            let pages = try await Scan.rasterise(pdf, dpi: dpi)
            if template.sheet == nil {
                #expect(pages.count == labels.count)
                for (page, code) in zip(pages, codes) {
                    images.append((page, [code], "\(name) page \(page.lastPathComponent)"))
                }
            } else {
                #expect(pages.count == 1)
                images.append((pages[0], codes, "\(name) sheet at \(dpi) dpi"))
            }
        }
        for (index, (label, code)) in Self.items.enumerated() {
            let png = try Scan.write(renderer.png(template, label: label), to: "\(name)-\(index).png", in: work)
            images.append((png, [code], "\(name) preview \(index)"))
        }
        let zxing = try await Scan.zxing(images.map(\.image))
        for ((image, codes, context), read) in zip(images, zxing) {
            try await expectScans(image, zxing: read, codes: codes, context)
        }
        if template.sheet == nil {
            let zpl = try ZPLRenderer().zpl(template, labels: labels)
            #expect(zpl.components(separatedBy: "^XZ").count == labels.count + 1)
        }
    }

    /// Both decoders read exactly `codes` (in any order) in `image`: zxing-cpp's reading of it is `zxing`.
    private func expectScans(
        _ image: URL, zxing read: [Scan.Reading], codes: [String], _ context: String
    ) async throws {
        let zxing = read.map { normalised($0.text, codes) }
        #expect(zxing.sorted() == codes.sorted(), "zxing-cpp: \(context)")
        let zbar = try await Scan.zbar(image).map { normalised($0.text, codes) }
        #expect(zbar.sorted() == codes.sorted(), "zbar: \(context)")
    }

    /// A retail code as its GTIN-14, so spellings of one code compare equal: zxing-cpp reads a UPC-A
    /// as its 13-digit EAN form, and an EAN-8 printed in its 13-digit form (leading zeros) scans as
    /// a UPC-A with zbar. Anything else (a SKU) is compared as it is.
    private func normalised(_ text: String, _ codes: [String]) -> String {
        guard let barcode = try? Barcode(text) else { return text }
        return codes.first { (try? Barcode($0))?.gtin14 == barcode.gtin14 } ?? text
    }
}
