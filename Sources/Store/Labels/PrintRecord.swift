import CatalogCore
import GRDB

extension CatalogDatabase {
    /// Migration v4: every label printed (or rendered), with the price and version it showed.
    static let printLogSchema = """
        CREATE TABLE print_log (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            at TEXT NOT NULL,
            counter TEXT NOT NULL,
            variation_id TEXT NOT NULL,
            item_id TEXT NOT NULL,
            template TEXT NOT NULL,
            printer TEXT,
            job_id INTEGER,
            copies INTEGER NOT NULL DEFAULT 1,
            status TEXT NOT NULL,
            reason TEXT,
            price_amount INTEGER,
            price_currency TEXT,
            regular_amount INTEGER,
            version INTEGER
        );
        CREATE INDEX print_log_variation ON print_log(variation_id, id);
        CREATE INDEX print_log_job ON print_log(job_id);
        """
}

/// One label sent to a printer (or rendered to a file), as the print log keeps it.
public struct PrintRecord: Sendable, Equatable, FetchableRecord {
    /// Where the label's print job stands.
    public enum Status: String, Sendable, CaseIterable {
        /// Handed to CUPS; not known to be printed yet.
        case submitted
        /// CUPS reported the job completed.
        case completed
        /// The job failed or was refused; `reason` says why. The label is not on the shelf.
        case failed
    }

    public var id: Int64?
    public var at: String
    public var counter: String
    public var variationID: String
    public var itemID: String
    public var template: String
    public var printer: String?
    public var jobID: Int?
    public var copies: Int
    public var status: Status
    public var reason: String?
    /// The price the label shows (the sale price on a sale tag).
    public var price: Money?
    /// On a sale tag, the regular price it was computed from (and printed struck through).
    public var regularAmount: Int64?
    /// The variation's version the label showed.
    public var version: Int64?
    /// The location whose price the label showed (nil: the variation's own price, no location set).
    public var locationID: String?
    /// The Square pricing rule whose sale the label showed; nil for the regular price or a typed discount.
    public var saleRuleID: String?
    /// Whether the prices shown include the additive taxes (price display with_taxes).
    public var withTaxes = false
    /// The label job (`LabelJob`) it was printed with; nil for a tag printed before the print queue.
    public var labelJobID: Int64?

    public init(
        at: String = Timestamp.now().rfc3339, counter: String, variationID: String, itemID: String, template: String,
        printer: String?, jobID: Int?, copies: Int = 1, status: Status, reason: String? = nil, price: Money?,
        regularAmount: Int64? = nil, version: Int64?, locationID: String? = nil, saleRuleID: String? = nil,
        withTaxes: Bool = false
    ) {
        self.at = at
        self.counter = counter
        self.variationID = variationID
        self.itemID = itemID
        self.template = template
        self.printer = printer
        self.jobID = jobID
        self.copies = copies
        self.status = status
        self.reason = reason
        self.price = price
        self.regularAmount = regularAmount
        self.version = version
        self.locationID = locationID
        self.saleRuleID = saleRuleID
        self.withTaxes = withTaxes
    }

    /// Whether the label showed a discount typed with --discount (or the config's category table): its sale
    /// is unknown to Square, so its regular price is what a stale check compares.
    public var hasTypedDiscount: Bool { regularAmount != nil && saleRuleID == nil }

    /// The regular (undiscounted) price the label was based on: what stale-tag checks compare for a tag
    /// with a typed discount.
    public var basePrice: Money? {
        guard let price else { return nil }
        return Money(amount: regularAmount ?? price.amount, currency: price.currency)
    }

    /// The record a row of `print_log` holds (see `init(record:)`).
    public init(row: Row) throws {
        try self.init(record: PrintLogRecord(row: row))
    }

    /// The record as one JSON object with snake_case keys.
    public var json: JSONValue {
        [
            "id": id.map(JSONValue.int) ?? .null, "at": .string(at), "counter": .string(counter),
            "variation_id": .string(variationID), "item_id": .string(itemID), "template": .string(template),
            "printer": printer.map(JSONValue.string) ?? .null, "job_id": jobID.map(JSONValue.int) ?? .null,
            "copies": .int(copies), "status": .string(status.rawValue), "reason": reason.map(JSONValue.string) ?? .null,
            "price": price?.json ?? .null, "regular_amount": regularAmount.map(JSONValue.int) ?? .null,
            "version": version.map(JSONValue.int) ?? .null, "location_id": locationID.map(JSONValue.string) ?? .null,
            "sale_rule_id": saleRuleID.map(JSONValue.string) ?? .null, "with_taxes": .bool(withTaxes),
            "label_job": labelJobID.map(JSONValue.int) ?? .null,
        ]
    }
}
