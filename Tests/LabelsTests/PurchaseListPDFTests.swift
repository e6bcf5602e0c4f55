import CatalogCore
import CatalogTestSupport
import Foundation
import Testing

@testable import Labels

/// The purchase-list PDF read back with poppler: page sizes, page counts, and every word in it.
@Suite("Purchase list PDF", .requires(.poppler))
struct PurchaseListPDFTests {
    @Test("Letter and A4 pages; each vendor starts a page; the long section runs on with its name repeated")
    func pages() async throws {
        let folder = try Scan.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (paper, size) in [
            (PurchaseList.Paper.letter, "612 x 792 pts (letter)"), (.a4, "595.276 x 841.89 pts (A4)"),
        ] {
            let list = PurchaseListFixtures.threeVendors(paper: paper)
            let pages = PurchaseListRenderer.pages(list)
            let url = try Scan.write(PurchaseListRenderer.pdf(list), to: "\(paper).pdf", in: folder)
            let info = try await PurchaseListFixtures.info(url)
            #expect(info["Page size"] == size)
            #expect(info["Pages"] == String(pages.count))
            // One page each for the short sections, several for the 40 lines.
            let perVendor = (0..<3).map { vendor in pages.filter { $0.vendor == vendor }.count }
            #expect(perVendor[0] == 1 && perVendor[2] == 1)
            #expect(perVendor[1] >= 3 && perVendor[1] <= 5, "40 lines on \(paper): \(perVendor[1]) pages")
            #expect(pages.count == perVendor.reduce(0, +))
            for (index, page) in pages.enumerated() {
                let text = try await PurchaseListFixtures.text(url, first: index + 1, last: index + 1)
                let vendor = list.vendors[page.vendor!].name
                #expect(text.contains(vendor), "page \(index + 1) names \(vendor)")
                #expect(text.contains("(continued)") == page.continued, "page \(index + 1)")
                #expect(text.contains("page \(index + 1) of \(pages.count)"))
            }
        }
    }
}
