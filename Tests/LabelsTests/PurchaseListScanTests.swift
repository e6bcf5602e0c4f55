import CatalogCore
import CatalogTestSupport
import Foundation
import Testing

@testable import Labels

/// Every line's barcode on the purchase list, printed at 300 dpi, scans to the line's code.
/// zbar and zxing-cpp both read them: in CI a missing decoder fails the suite, elsewhere it is skipped.
@Suite("Purchase list barcodes scan", .requires(.poppler, .zbarimg, .zxingCpp, .pillow))
struct PurchaseListScanTests {
    @Test("zbar reads each page's EAN-13, UPC-A and Code 128 codes at 300 dpi", arguments: PurchaseList.Paper.allCases)
    func scans(_ paper: PurchaseList.Paper) async throws {
        let folder = try Scan.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = PurchaseListFixtures.threeVendors(paper: paper)
        let url = try Scan.write(PurchaseListRenderer.pdf(list), to: "list.pdf", in: folder)
        let images = try await Scan.rasterise(url, dpi: 300)
        let pages = PurchaseListRenderer.pages(list)
        #expect(images.count == pages.count)
        var kinds: Set<String> = []
        let zxing = try await Scan.zxing(images)
        for ((page, image), strictReading) in zip(zip(pages, images), zxing) {
            let expected = page.blocks.compactMap { placed -> Scan.Reading? in
                guard case .line(let index) = placed.block.kind else { return nil }
                return Self.reading(list.vendors[page.vendor!].lines[index])
            }
            let read = try await Scan.zbar(image)
            #expect(read.sorted(by: Self.order) == expected.sorted(by: Self.order), "\(image.lastPathComponent)")
            kinds.formUnion(read.map(\.format))
            // zxing-cpp, the stricter decoder (it gives a UPC-A as an EAN-13).
            let strict = strictReading.map(\.text).sorted()
            #expect(strict == expected.map { $0.format == "UPC-A" ? "0" + $0.text : $0.text }.sorted())
        }
        #expect(kinds == ["EAN-13", "UPC-A", "CODE-128"])
    }

    /// What zbar must read for `line`: its GTIN in the retail symbology, else its SKU as Code 128.
    static func reading(_ line: PurchaseListLine) -> Scan.Reading? {
        if let gtin = line.gtin {
            return Scan.Reading(format: gtin.count == 12 ? "UPC-A" : "EAN-13", text: gtin)
        }
        return line.sku.map { Scan.Reading(format: "CODE-128", text: $0) }
    }

    static func order(_ a: Scan.Reading, _ b: Scan.Reading) -> Bool { a.description < b.description }
}
