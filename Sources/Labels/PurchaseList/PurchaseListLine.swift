/// One line of a purchase list: what to order, how many, and the codes the supplier knows it by.
///
/// The line's barcode encodes its GTIN (as UPC-A or EAN-13) when it has a valid one, else its SKU
/// as Code 128, else there is none.
public struct PurchaseListLine: Sendable, Hashable {
    /// The item's name.
    public var item: String
    /// The variation's name, printed after the item's.
    public var variation: String?
    /// The shop's SKU.
    public var sku: String?
    /// The supplier's own code for it (Square's `vendor_code`).
    public var vendorCode: String?
    /// The GTIN (UPC/EAN) as Square stores it.
    public var gtin: String?
    /// How many to order, already formatted ("6", "2.5").
    public var quantity: String
    /// The cost of one, already formatted ("£1.20"); nil when unknown.
    public var unitCost: String?
    /// The cost of the line, already formatted ("£7.20"); nil when unknown.
    public var lineCost: String?
    /// A note for the supplier or for whoever orders.
    public var note: String?

    /// A purchase-list line.
    public init(
        item: String, variation: String? = nil, sku: String? = nil, vendorCode: String? = nil, gtin: String? = nil,
        quantity: String, unitCost: String? = nil, lineCost: String? = nil, note: String? = nil
    ) {
        self.item = item
        self.variation = variation
        self.sku = sku
        self.vendorCode = vendorCode
        self.gtin = gtin
        self.quantity = quantity
        self.unitCost = unitCost
        self.lineCost = lineCost
        self.note = note
    }
}
