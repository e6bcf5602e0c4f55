/// The blocks that are not lines: a vendor's total at the end of its section, and messages such as
/// "Nothing to order."
struct PurchaseListTotals {
    let geometry: PurchaseListGeometry
    let typesetter: PurchaseListTypesetter

    /// The total line closing `vendor`'s section: how many lines, and the total when it is known.
    func block(for vendor: PurchaseListVendor, wording: PurchaseList.Wording) -> PurchaseListBlock {
        let count = vendor.lines.count
        let lines = count == 1 ? "1 line" : "\(count) lines"
        let known = vendor.total.map { !$0.allSatisfy(\.isWhitespace) } ?? false
        let summary =
            vendor.summary
            ?? "\(wording.totalFor) \(vendor.name) (\(lines))"
            + (known || count == 0 ? "" : ": some costs are not known")
        let top = 6.0
        var items: [LabelLayout.Item] = [
            .line(
                PlacedLine(
                    x1: geometry.itemX, y1: 1, x2: geometry.itemX + geometry.contentWidth, y2: 1, thickness: 0.8))
        ]
        let width = geometry.costX - geometry.itemX - PurchaseListGeometry.gap
        var bottom = top
        if let text = typesetter.text(
            summary, x: geometry.itemX, y: top, width: width, size: 10, minimumSize: 7,
            weight: .bold, maxLines: 2)
        {
            items.append(.text(text))
            bottom = max(bottom, text.bottom)
        }
        if known, let total = vendor.total,
            let text = typesetter.text(
                total, x: geometry.costX, y: top - 1, width: PurchaseListGeometry.costWidth, size: 12,
                minimumSize: 7, weight: .bold, alignment: .right)
        {
            items.append(.text(text))
            bottom = max(bottom, text.bottom)
        }
        return PurchaseListBlock(kind: .total, height: PurchaseListGeometry.snapped(bottom + 6), items: items)
    }

    /// A block with one sentence in it.
    func message(_ sentence: String) -> PurchaseListBlock {
        let text = typesetter.text(
            sentence, x: geometry.itemX, y: 8, width: geometry.contentWidth, size: 10, maxLines: 2)
        let items = text.map { [LabelLayout.Item.text($0)] } ?? []
        return PurchaseListBlock(
            kind: .message, height: PurchaseListGeometry.snapped((text?.bottom ?? 8) + 8), items: items)
    }
}
