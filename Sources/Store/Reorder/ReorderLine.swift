import CatalogCore
import GRDB

/// One line of the reorder list: a variation, how many to order, and where the line stands.
///
/// Lines are never deleted. A `wanted` line moves to `ordered` when its vendor's order goes out, and
/// to `received` when the stock arrives; `removed` ends a line nobody wants any more.
public struct ReorderLine: Sendable, Equatable {
    /// Where a line stands.
    public enum Status: String, Sendable, CaseIterable {
        /// On the list, not yet ordered.
        case wanted
        /// Sent to the vendor; waiting for the stock.
        case ordered
        /// All of it arrived.
        case received
        /// Taken off the list (removed, cleared, or emptied with `set-qty 0`).
        case removed
    }

    public var id: Int64
    public var variationID: String
    public var status: Status
    /// How many are wanted (or were ordered).
    public var quantity: Int
    /// How many of an order have arrived so far.
    public var received: Int
    public var note: String?
    /// The counter that first added the line.
    public var counter: String
    /// The counter that last added to it.
    public var lastCounter: String
    public var firstAdded: String
    public var lastAdded: String
    /// The order reference stamped by `reorder order`.
    public var orderReference: String?
    public var orderedAt: String?
    /// When the line was received in full or removed.
    public var closedAt: String?
    /// The variation as the local catalog has it; `nil` when it was deleted from the catalog.
    public var variation: VariationSummary?
    /// Who supplies it and at what cost, from the variation's `vendor_information`.
    public var supply: VendorSupply?
    /// The vendor's name when the vendor is known locally.
    public var vendorName: String?
    /// The IN_STOCK count last read from Square at the location asked about, as Square writes it.
    public var onHand: String?
    /// The variation's LOW_QUANTITY alert threshold at that location.
    public var threshold: Int64?

    /// How many are still to come: ordered (or wanted) minus received.
    public var outstanding: Int { max(0, quantity - received) }

    /// The cost of the line's quantity at the vendor's unit cost, when known.
    public var lineCost: Money? {
        guard let cost = supply?.unitCost else { return nil }
        let (product, overflow) = cost.amount.multipliedReportingOverflow(by: Int64(quantity))
        return overflow ? nil : Money(amount: product, currency: cost.currency)
    }

    /// What a person reads: the variation's label, or the id of a variation no longer in the catalog.
    public var label: String {
        variation?.label ?? "variation \(variationID) (no longer in the catalog)"
    }
}

/// A variation's supplier entry (`vendor_information` in Square's variation data).
public struct VendorSupply: Sendable, Equatable {
    public var vendorID: String?
    /// The vendor's own code for the product.
    public var vendorCode: String?
    public var unitCost: Money?

    public init(vendorID: String?, vendorCode: String?, unitCost: Money?) {
        self.vendorID = vendorID
        self.vendorCode = vendorCode
        self.unitCost = unitCost
    }

    /// One `vendor_information` entry of a stored variation, as SQLite's `json_each` gives it: an entry
    /// that is not a JSON object means the stored object is damaged.
    static func stored(_ text: String, variationID: String) throws -> JSONValue {
        try StoredJSON.object(text, table: "catalog_objects", row: variationID, column: "json")
    }

    /// Reads one `vendor_information` entry.
    public init(json: JSONValue) {
        vendorID = json["vendor_id"]?.stringValue
        vendorCode = json["vendor_code"]?.stringValue
        unitCost = json["unit_cost_money"].flatMap(Money.init(json:))
    }
}

/// One change to the reorder list, as its history keeps it.
public struct ReorderEvent: Sendable, Equatable {
    public var id: Int64
    public var at: String
    public var counter: String
    public var lineID: Int64
    public var variationID: String
    /// `add`, `set`, `remove`, `clear`, `order`, `receive` or `receive-refused`.
    public var action: String
    public var quantity: Int?
    public var detail: String?
}

/// Read from `reorder_events` column for column (`ReorderEventRecord` is the row as written).
extension ReorderEvent: SnakeCaseColumns {}
