import CatalogCore
import Labels

/// Templates and items the render, scan and ZPL tests build in code from the model.
enum RenderFixtures {
    static func item(
        name: String = "Acme Widget", gtin: String? = nil, sku: String? = nil, price: Int64? = 499,
        regular: Int64? = nil
    ) -> LabelData {
        LabelData(
            itemID: "ITEM1", variationID: "VAR1", itemName: name, variationName: "Large",
            price: price.map { Money(amount: $0, currency: "USD") },
            regularPrice: regular.map { Money(amount: $0, currency: "USD") }, sku: sku, gtin: gtin,
            category: "Snacks", date: "2026-11-23", version: 7)
    }

    /// A 2 x 1.25 in shelf tag: a bold wrapped name, a price, and a barcode filling the lower part.
    static func shelfTag(
        dpi: Int, symbology: BarcodeElement.Symbology = .auto, content: String = "", moduleDots: Int? = nil,
        barcodeWidth: Length = .inches(2.1)
    ) -> LabelTemplate {
        let module = moduleDots ?? defaultModule(dpi: dpi, symbology: symbology)
        return LabelTemplate(
            name: "test-shelf", width: .inches(2.25), height: .inches(1.25), dpi: dpi,
            elements: [
                .text(
                    TextElement(
                        frame: rect(6, 4, 120, 22), content: "{{item.name}} {{variation.name}}", size: 10,
                        minimumSize: 6, weight: .bold, maxLines: 2, wrap: true)),
                .text(
                    TextElement(
                        frame: rect(126, 4, 30, 12), content: "{{price}}", size: 9, weight: .bold,
                        alignment: .right)),
                .barcode(
                    BarcodeElement(
                        frame: LabelRect(
                            x: .inches(0.075), y: .points(30), width: barcodeWidth, height: .points(56)),
                        symbology: symbology, content: content, moduleDots: module)),
                .line(LineElement(x1: .points(6), y1: .points(28), x2: .points(156), y2: .points(28))),
            ])
    }

    /// 3 dots at 203 dpi and 4 at 300 for retail codes (and auto); Code 128 and 2-D codes one dot
    /// less so a 13-character SKU fits a 2 in frame.
    static func defaultModule(dpi: Int, symbology: BarcodeElement.Symbology) -> Int {
        let retail = dpi >= 300 ? 4 : 3
        switch symbology {
        case .auto, .ean13, .upcA: return retail
        case .code128, .qr, .dataMatrix: return retail - 1
        }
    }

    /// A sheet of 3 x 2 small labels on a 6 x 4 in page.
    static func sheet(dpi: Int = 300) -> LabelTemplate {
        LabelTemplate(
            name: "test-sheet", width: .inches(2), height: .inches(1.5), dpi: dpi,
            elements: [
                .text(TextElement(frame: rect(6, 4, 132, 14), content: "{{item.name}}", size: 9)),
                .barcode(
                    BarcodeElement(
                        frame: LabelRect(x: .points(4), y: .points(20), width: .points(136), height: .points(80)),
                        moduleDots: 2)),
                .box(BoxElement(frame: rect(0, 0, 144, 108))),
            ],
            sheet: SheetLayout(
                pageWidth: .inches(6.2), pageHeight: .inches(4), rows: 2, columns: 3, top: .inches(0.5),
                left: .inches(0.0333), horizontalPitch: .inches(2), verticalPitch: .inches(1.5)))
    }

    static func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> LabelRect {
        LabelRect(x: .points(x), y: .points(y), width: .points(width), height: .points(height))
    }
}
