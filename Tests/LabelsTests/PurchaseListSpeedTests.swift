import CatalogCore
import CatalogTestSupport
import Foundation
import Testing

@testable import Labels

/// A long purchase list renders whole, every page of it. How long it takes is `catalog-bench reorder`'s to
/// measure (a 5,000-line export, target under 1 s), not a test's.
@Suite("Purchase list size")
struct PurchaseListSpeedTests {
    @Test("5,000 lines from 10 vendors render into one PDF that poppler reads", .requires(.poppler))
    func fiveThousandLines() async throws {
        let vendors = (0..<10).map { vendor in
            PurchaseListVendor(
                name: "Vendor \(vendor) Größe",
                lines: (0..<500).map { PurchaseListFixtures.line(vendor * 500 + $0) }, total: "€12,345.67")
        }
        let list = PurchaseList(createdAt: "2026-11-23 14:05", paper: .a4, vendors: vendors)
        let pdf = try PurchaseListRenderer.pdf(list)
        let pages = PurchaseListRenderer.pages(list)
        #expect(pdf.starts(with: Array("%PDF".utf8)))
        #expect(pages.flatMap(\.blocks).filter { if case .line = $0.block.kind { true } else { false } }.count == 5000)
        let folder = try Scan.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try Scan.write(pdf, to: "long.pdf", in: folder)
        #expect(try await PurchaseListFixtures.info(url)["Pages"] == String(pages.count))
    }
}
