import CatalogCore
import Foundation
import Testing

@testable import Labels

/// Bars are whole printer dots: along a row through the bars, every dark run is a multiple of
/// the module width, in the preview and in the PDF rasterised at the printer's resolution.
@Suite("Bars land on whole dots")
struct RenderDotsTests {
    @Test(
        "Dark runs are multiples of the module at 203 dpi",
        arguments: [("4006381333931", nil, 3), ("012345678905", nil, 3), (nil, "ac-wdg-0042-l", 2)]
            as [(String?, String?, Int)])
    func wholeDots(gtin: String?, sku: String?, module: Int) async throws {
        let folder = try Scan.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let template = RenderFixtures.shelfTag(dpi: 203, moduleDots: module)
        let label = RenderFixtures.item(gtin: gtin, sku: sku)
        let layout = try LabelRenderer().layout(template, label: label)
        let barcode = try #require(layout.barcodes.first)
        let row = barcode.topDots + barcode.heightDots / 2
        let png = try Scan.write(LabelRenderer().png(template, label: label), to: "p.png", in: folder)
        let pdf = try Scan.write(LabelRenderer().pdf(template, labels: [label]), to: "p.pdf", in: folder)
        let raster = try await #require(try Scan.rasterise(pdf, dpi: 203).first)
        let expected = barcode.symbol.bars.map { $0.count * module }
        for image in [png, raster] {
            let runs = try await Scan.darkRuns(image, row: row)
            #expect(runs.allSatisfy { $0 % module == 0 }, "\(image.lastPathComponent): \(runs)")
            #expect(runs == expected, "\(image.lastPathComponent)")
        }
    }

    @Test("The left edge is snapped to a whole dot of the page, also on a sheet")
    func snappedOnSheet() throws {
        let template = RenderFixtures.sheet(dpi: 300)
        let builder = LabelLayoutBuilder(template: template, measurer: CairoTextMeasurer())
        let label = RenderFixtures.item(sku: "sku-1")
        for slot in 0..<6 {
            let origin = LabelRenderer.origin(of: slot, in: template)
            let layout = try builder.layout(label, originX: origin.x, originY: origin.y)
            let barcode = try #require(layout.barcodes.first)
            let frameLeft = (origin.x + 4) * 300 / 72
            // The quiet zone starts inside the frame.
            #expect(Double(barcode.leftDots - 10 * 2) >= frameLeft - 1e-6)
        }
    }
}

extension LabelLayout {
    /// The placed barcodes, in order.
    var barcodes: [PlacedBarcode] {
        items.compactMap { item in
            if case .barcode(let barcode) = item { return barcode }
            return nil
        }
    }

    /// The placed texts, in order.
    var texts: [PlacedText] {
        items.compactMap { item in
            if case .text(let text) = item { return text }
            return nil
        }
    }
}
