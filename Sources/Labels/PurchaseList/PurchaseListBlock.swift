/// A piece of a purchase-list page that is never split: a line, a vendor's total, or a message.
/// Its items are placed with the block's top at y = 0; the page puts the block at some height.
struct PurchaseListBlock: Sendable {
    /// What the block is, for tests and for keeping a total with the line before it.
    enum Kind: Sendable, Hashable {
        case line(Int)
        case total
        case message
    }

    var kind: Kind
    /// The height, a whole number of barcode-grid dots.
    var height: Double
    /// The items, relative to the block's top-left corner of the page's width.
    var items: [LabelLayout.Item]
}

/// A block at its place on a page.
struct PlacedPurchaseListBlock: Sendable {
    /// The distance from the page's top to the block's top, in points (on the dot grid).
    var y: Double
    var block: PurchaseListBlock
}
