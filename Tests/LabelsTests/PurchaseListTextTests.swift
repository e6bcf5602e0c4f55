import CatalogCore
import CatalogTestSupport
import Foundation
import Testing

@testable import Labels

/// What a person (or pdftotext) reads on the purchase list: every name, code, quantity and total,
/// each in its column.
@Suite("Purchase list text", .requires(.poppler))
struct PurchaseListTextTests {
    @Test(
        "pdftotext finds the header, every vendor, name, code, note, quantity and total",
        arguments: PurchaseList.Paper.allCases)
    func words(_ paper: PurchaseList.Paper) async throws {
        let folder = try Scan.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = PurchaseListFixtures.threeVendors(paper: paper)
        let pages = PurchaseListRenderer.pages(list)
        let url = try Scan.write(PurchaseListRenderer.pdf(list), to: "list.pdf", in: folder)
        // Runs of white space as one space: a wrapped sentence reads on across its line break.
        let text = try await PurchaseListFixtures.text(url).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        var expected = ["Purchase list", "Corner Shop", "Reference PO-2026-0042", "Created 2026-11-23 14:05"]
        expected += ["page 1 of \(pages.count)", "page \(pages.count) of \(pages.count)"]
        expected += ["£7.20", "£1,234.56", "Total for Café Øresund (2 lines): some costs are not known"]
        expected += ["Total for Müller Großhandel (40 lines)", "Note: Blue ones only, please", "£2.00 each"]
        for vendor in list.vendors {
            expected.append(vendor.name)
            for line in vendor.lines {
                // Long names are cut; what is drawn is checked in the layout tests.
                if line.item.count < 40 {
                    expected.append(line.item + (line.variation.map { " – " + $0 } ?? ""))
                }
                expected += [line.sku, line.vendorCode, line.gtin].compactMap { $0 }
                expected += [line.lineCost, line.unitCost.map { $0 + " each" }].compactMap { $0 }
            }
        }
        expected.append("Note: Ask for the Dezember price list")
        for word in expected {
            #expect(text.contains(word), "“\(word)” on the \(paper) list")
        }
    }

    @Test("The quantity column holds exactly each line's quantity, and nothing runs into it")
    func quantities() async throws {
        let folder = try Scan.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = PurchaseListFixtures.threeVendors(paper: .letter)
        let geometry = PurchaseListGeometry(paper: .letter)
        let url = try Scan.write(PurchaseListRenderer.pdf(list), to: "list.pdf", in: folder)
        for (index, page) in PurchaseListRenderer.pages(list).enumerated() {
            for placed in page.blocks {
                guard case .line(let line) = placed.block.kind else { continue }
                // The top of the line's quantity cell (a long SKU's barcode may span the row below it).
                // pdftotext's crop box is in pixels at its -r resolution (72: points).
                let cell = try await Scan.run(
                    "/usr/bin/pdftotext",
                    [
                        "-f", String(index + 1), "-l", String(index + 1), "-x", String(Int(geometry.quantityX)),
                        "-y", String(Int(placed.y)), "-W", String(Int(PurchaseListGeometry.quantityWidth)),
                        "-H", "28", "-layout", url.path, "-",
                    ])
                let found = cell.split(whereSeparator: \.isWhitespace).map(String.init)
                #expect(found == [list.vendors[page.vendor!].lines[line].quantity], "page \(index + 1)")
            }
        }
    }
}
