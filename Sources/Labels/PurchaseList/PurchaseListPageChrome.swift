/// What every purchase-list page carries besides its blocks: the list's header (title, shop,
/// reference, date), the vendor's name (marked "continued" after its first page), the column
/// headings, and a footer with "page N of M".
struct PurchaseListPageChrome {
    let geometry: PurchaseListGeometry
    let typesetter: PurchaseListTypesetter

    /// The items of page `number` (from 1) of `count`.
    func items(for page: PurchaseListPage, number: Int, of count: Int, list: PurchaseList) -> [LabelLayout.Item] {
        let left = geometry.itemX
        let width = geometry.contentWidth
        let margin = PurchaseListGeometry.margin
        var texts: [PlacedText?] = [
            typesetter.text(
                list.title, x: left, y: margin, width: width * 0.6, size: 16, minimumSize: 10, weight: .bold),
            typesetter.text(
                list.shop ?? "", x: left + width * 0.6, y: margin + 2, width: width * 0.4, size: 11, minimumSize: 8,
                weight: .bold, alignment: .right),
            typesetter.text("Created " + list.createdAt, x: left, y: margin + 22, width: width * 0.5, size: 9),
            typesetter.text(
                list.reference.map { "Reference " + $0 } ?? "", x: left + width * 0.5, y: margin + 22,
                width: width * 0.5, size: 9, minimumSize: 7, alignment: .right),
        ]
        var lines = [rule(at: margin + 38, thickness: 0.8), rule(at: geometry.footerTop - 4, thickness: 0.5)]
        if let vendorIndex = page.vendor {
            let vendor = list.vendors[vendorIndex].name
            texts.append(
                typesetter.text(
                    vendor, x: left, y: margin + 44, width: width - 90, size: 14, minimumSize: 9, weight: .bold))
            if page.continued {
                texts.append(
                    typesetter.text(
                        "(continued)", x: left + width - 90, y: margin + 47, width: 90, size: 10, alignment: .right))
            }
            texts += columnHeadings(y: margin + 66, wording: list.wording)
            lines.append(rule(at: margin + 77, thickness: 0.5))
        }
        let footer = [list.title, list.shop, list.reference].compactMap { $0 }.joined(separator: " · ")
        texts.append(typesetter.text(footer, x: left, y: geometry.footerTop, width: width * 0.7, size: 8))
        texts.append(
            typesetter.text(
                "page \(number) of \(count)", x: left + width * 0.7, y: geometry.footerTop, width: width * 0.3,
                size: 8, alignment: .right))
        return texts.compactMap { $0 }.map { .text($0) } + lines.map { .line($0) }
    }

    private func columnHeadings(y: Double, wording: PurchaseList.Wording) -> [PlacedText?] {
        [
            typesetter.text("Item", x: geometry.itemX, y: y, width: geometry.itemWidth, size: 7.5, weight: .bold),
            typesetter.text(
                wording.quantity, x: geometry.quantityX, y: y, width: PurchaseListGeometry.quantityWidth, size: 7.5,
                weight: .bold, alignment: .center),
            typesetter.text(
                wording.cost, x: geometry.costX, y: y, width: PurchaseListGeometry.costWidth, size: 7.5, weight: .bold,
                alignment: .right),
            typesetter.text(
                "Barcode", x: geometry.barcodeX, y: y, width: PurchaseListGeometry.barcodeWidth, size: 7.5,
                weight: .bold, alignment: .center),
        ]
    }

    private func rule(at y: Double, thickness: Double) -> PlacedLine {
        PlacedLine(x1: geometry.itemX, y1: y, x2: geometry.itemX + geometry.contentWidth, y2: y, thickness: thickness)
    }
}
