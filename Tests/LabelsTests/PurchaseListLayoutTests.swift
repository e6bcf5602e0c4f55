import CatalogCore
import Foundation
import Testing

@testable import Labels

/// The purchase list's pages as values: where blocks fall, that nothing crosses into another
/// column, and which barcode each line gets.
@Suite("Purchase list layout")
struct PurchaseListLayoutTests {
    @Test(
        "Blocks stay inside the body, never overlap, keep the lines' order and end with the vendor's total",
        arguments: PurchaseList.Paper.allCases)
    func pagination(_ paper: PurchaseList.Paper) throws {
        let list = PurchaseListFixtures.threeVendors(paper: paper)
        let geometry = PurchaseListGeometry(paper: paper)
        let pages = PurchaseListRenderer.pages(list)
        for (vendorIndex, vendor) in list.vendors.enumerated() {
            let section = pages.filter { $0.vendor == vendorIndex }
            #expect(section.map(\.continued) == [false] + Array(repeating: true, count: section.count - 1))
            let kinds = section.flatMap { $0.blocks.map(\.block.kind) }
            #expect(kinds == vendor.lines.indices.map { .line($0) } + [.total])
            // The total shares its page with the section's last line.
            #expect(section.last?.blocks.suffix(2).map(\.block.kind) == [.line(vendor.lines.count - 1), .total])
        }
        // Sections follow one another: a vendor's pages are consecutive and in list order.
        #expect(pages.map { $0.vendor! } == pages.map { $0.vendor! }.sorted())
        for page in pages {
            var y = geometry.bodyTop
            for placed in page.blocks {
                #expect(abs(placed.y - y) < 1e-6, "blocks follow each other without gaps or overlap")
                y = placed.y + placed.block.height
                #expect(y <= geometry.bodyBottom + 1e-6, "a block ends above the footer")
                // On the 300 dpi dot grid, so the bars inside stay whole dots.
                #expect(abs(placed.y * 300 / 72 - (placed.y * 300 / 72).rounded()) < 1e-6)
            }
        }
        // A page is only cut short when the next line (with the total, for the last one) did not fit.
        for (page, next) in zip(pages, pages.dropFirst()) where next.continued {
            let used = page.blocks.last.map { $0.y + $0.block.height } ?? geometry.bodyTop
            var needed = next.blocks[0].block.height
            if next.blocks.count == 2 { needed += next.blocks[1].block.height }
            #expect(used + needed > geometry.bodyBottom)
        }
    }

    @Test("Text stays in its column: long names wrap to two lines and end in an ellipsis")
    func columns() throws {
        let list = PurchaseListFixtures.threeVendors(paper: .a4)
        let geometry = PurchaseListGeometry(paper: .a4)
        let measurer = CairoTextMeasurer()
        let columns = [
            (geometry.itemX, geometry.itemWidth), (geometry.quantityX, PurchaseListGeometry.quantityWidth),
            (geometry.costX, PurchaseListGeometry.costWidth), (geometry.barcodeX, PurchaseListGeometry.barcodeWidth),
        ]
        var shortened = 0
        for page in PurchaseListRenderer.pages(list) {
            for placed in page.blocks where placed.block.kind != .total {
                for case .text(let text) in placed.block.items {
                    let x = text.frame.x.points
                    let width = text.frame.width.points
                    let column = columns.first { abs($0.0 - x) < 1e-6 }
                    #expect(column != nil && width <= column!.1 + 1e-6, "\(text.layout.lines) at x \(x)")
                    for line in text.layout.lines {
                        let drawn = measurer.width(line, font: text.font, weight: text.weight, size: text.layout.size)
                        #expect(drawn <= width + 0.01, "“\(line)” is \(drawn) pt in a \(width) pt column")
                    }
                    if text.layout.truncated {
                        shortened += 1
                        #expect(text.layout.lines.count == 2 && text.layout.lines[1].hasSuffix("…"))
                    }
                }
            }
        }
        #expect(shortened == 6, "the six very long names are shortened")
    }

    @Test("A line's barcode: EAN-13 or UPC-A from its GTIN, else Code 128 of its SKU, else none")
    func barcodes() throws {
        let lines = [
            PurchaseListLine(item: "A", sku: "A-1", gtin: "4006381333931", quantity: "1"),
            PurchaseListLine(item: "B", sku: "B-1", gtin: "036000291452", quantity: "1"),
            PurchaseListLine(item: "C", sku: "C-1", gtin: "12345", quantity: "1"),
            PurchaseListLine(item: "D", sku: "  ", quantity: "1"),
            PurchaseListLine(item: "E", sku: "SKU-ØRESUND-漢字", quantity: "1"),
            PurchaseListLine(item: "F", sku: "LONG-" + String(repeating: "X", count: 30), quantity: "1"),
        ]
        let list = PurchaseList(createdAt: "today", vendors: [PurchaseListVendor(name: "V", lines: lines)])
        let blocks = PurchaseListRenderer.pages(list).flatMap(\.blocks).map(\.block).filter { $0.kind != .total }
        let symbols = blocks.map { block in
            block.items.compactMap { item -> BarcodeSymbol? in
                if case .barcode(let placed) = item { return placed.symbol }
                return nil
            }.first
        }
        #expect(symbols[0]?.symbology == .ean13 && symbols[0]?.data == "4006381333931")
        #expect(symbols[1]?.symbology == .upcA && symbols[1]?.data == "036000291452")
        #expect(symbols[2]?.symbology == .code128 && symbols[2]?.data == "C-1", "an invalid GTIN falls back to the SKU")
        #expect(symbols[3] == nil, "no code, no barcode")
        #expect(symbols[4] == nil, "Code 128 cannot carry these characters")
        #expect(symbols[5]?.symbology == .code128, "a long SKU gets the whole width under the text")
        let texts = blocks[4].items.compactMap { item -> String? in
            if case .text(let text) = item { return text.layout.lines.joined(separator: " ") }
            return nil
        }
        #expect(texts.contains("No barcode for this code"))
        // Module widths: at least the stock templates' 3 dots at 300 dpi, quiet zones inside the frame.
        for block in blocks {
            for case .barcode(let placed) in block.items {
                #expect(placed.moduleDots >= 3)
                let quiet = placed.symbol.quietZone
                let geometry = PurchaseListGeometry(paper: .letter)
                let left = Double(placed.leftDots - quiet.left * placed.moduleDots) * 72 / 300
                let right = Double(placed.leftDots + placed.widthDots + quiet.right * placed.moduleDots) * 72 / 300
                #expect(left >= geometry.itemX - 1e-6 && right <= geometry.itemX + geometry.contentWidth + 1e-6)
                if placed.symbol.data.count < 20 {
                    #expect(left >= geometry.barcodeX - 1e-6, "a short code sits in the barcode column")
                }
            }
        }
    }

    @Test("An empty list is one page that says there is nothing to order")
    func empty() throws {
        let pages = PurchaseListRenderer.pages(PurchaseList(createdAt: "today"))
        #expect(pages.count == 1 && pages[0].vendor == nil)
        #expect(pages[0].blocks.map(\.block.kind) == [.message])
        #expect(try PurchaseListRenderer.pdf(PurchaseList(createdAt: "today")).starts(with: Array("%PDF".utf8)))
    }
}
