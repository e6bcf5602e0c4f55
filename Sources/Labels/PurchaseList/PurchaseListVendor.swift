/// One vendor's section of a purchase list: its lines and, when known, their total.
public struct PurchaseListVendor: Sendable, Hashable {
    /// The vendor's name as the shop knows it ("No vendor" for lines without one).
    public var name: String
    /// The lines to order from this vendor, in print order.
    public var lines: [PurchaseListLine]
    /// The section's total, already formatted ("£123.40"); nil when some cost is unknown.
    public var total: String?
    /// The words of the section's closing line instead of "Total for NAME (N lines)", when set.
    public var summary: String?

    /// A vendor section.
    public init(name: String, lines: [PurchaseListLine] = [], total: String? = nil, summary: String? = nil) {
        self.name = name
        self.lines = lines
        self.total = total
        self.summary = summary
    }
}
