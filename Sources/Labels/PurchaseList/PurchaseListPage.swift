/// One page of a purchase list: whose section it belongs to and the blocks on it.
struct PurchaseListPage: Sendable {
    /// The index of the vendor in `PurchaseList.vendors`; nil on the one page of an empty list.
    var vendor: Int?
    /// Whether the vendor's section began on an earlier page.
    var continued: Bool
    /// The blocks, top to bottom.
    var blocks: [PlacedPurchaseListBlock]
}

/// Splits a purchase list into pages: each vendor starts a new page, blocks are never split, and a
/// vendor's total stays on the page of its last line.
struct PurchaseListPaginator {
    let geometry: PurchaseListGeometry
    let rows: PurchaseListRowBuilder
    let totals: PurchaseListTotals

    /// The pages of `list`, in print order.
    func pages(_ list: PurchaseList) -> [PurchaseListPage] {
        guard !list.vendors.isEmpty else {
            let message = totals.message(list.wording.empty)
            return [PurchaseListPage(vendor: nil, continued: false, blocks: [place(message, at: geometry.bodyTop)])]
        }
        var pages: [PurchaseListPage] = []
        for (vendorIndex, vendor) in list.vendors.enumerated() {
            var blocks = vendor.lines.enumerated().map { rows.block(for: $1, index: $0) }
            if blocks.isEmpty, let empty = list.wording.emptySection { blocks.append(totals.message(empty)) }
            let total = totals.block(for: vendor, wording: list.wording)
            var page = PurchaseListPage(vendor: vendorIndex, continued: false, blocks: [])
            var y = geometry.bodyTop
            for (index, block) in blocks.enumerated() {
                // The last block needs room for the total after it, so the total never stands alone.
                let needed = block.height + (index == blocks.count - 1 ? total.height : 0)
                if !page.blocks.isEmpty && y + needed > geometry.bodyBottom + 1e-6 {
                    pages.append(page)
                    page = PurchaseListPage(vendor: vendorIndex, continued: true, blocks: [])
                    y = geometry.bodyTop
                }
                page.blocks.append(place(block, at: y))
                y += block.height
            }
            page.blocks.append(place(total, at: y))
            pages.append(page)
        }
        return pages
    }

    private func place(_ block: PurchaseListBlock, at y: Double) -> PlacedPurchaseListBlock {
        PlacedPurchaseListBlock(y: y, block: block)
    }
}
