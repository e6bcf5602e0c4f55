import CatalogCore
import GRDB

/// A row of `print_log`, column for column: what `PrintRecord` is read from and written as (its price is
/// two columns here).
struct PrintLogRecord: Codable, Equatable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "print_log"

    var id: Int64?
    var at: String
    var counter: String
    var variationID: String
    var itemID: String
    var template: String
    var printer: String?
    var jobID: Int?
    var copies: Int
    var status: String
    var reason: String?
    var priceAmount: Int64?
    var priceCurrency: String?
    var regularAmount: Int64?
    var version: Int64?
    var locationID: String?
    var saleRuleID: String?
    var withTaxes: Bool

    enum CodingKeys: String, CodingKey {
        case id, at, counter
        case variationID = "variation_id"
        case itemID = "item_id"
        case template, printer
        case jobID = "job_id"
        case copies, status, reason
        case priceAmount = "price_amount"
        case priceCurrency = "price_currency"
        case regularAmount = "regular_amount"
        case version
        case locationID = "location_id"
        case saleRuleID = "sale_rule_id"
        case withTaxes = "with_taxes"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let variationID = Column(CodingKeys.variationID)
        static let printer = Column(CodingKeys.printer)
        static let jobID = Column(CodingKeys.jobID)
        static let status = Column(CodingKeys.status)
        static let reason = Column(CodingKeys.reason)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    init(_ record: PrintRecord) {
        id = record.id
        at = record.at
        counter = record.counter
        variationID = record.variationID
        itemID = record.itemID
        template = record.template
        printer = record.printer
        jobID = record.jobID
        copies = record.copies
        status = record.status.rawValue
        reason = record.reason
        priceAmount = record.price?.amount
        priceCurrency = record.price?.currency
        regularAmount = record.regularAmount
        version = record.version
        locationID = record.locationID
        saleRuleID = record.saleRuleID
        withTaxes = record.withTaxes
    }
}

extension PrintRecord {
    /// The record a stored row holds, read strictly (an unknown status is `StoreError.unknownValue`).
    init(record: PrintLogRecord) throws {
        self.init(
            at: record.at, counter: record.counter, variationID: record.variationID, itemID: record.itemID,
            template: record.template, printer: record.printer, jobID: record.jobID, copies: record.copies,
            status: try known(record.status, table: "print_log", column: "status"), reason: record.reason,
            price: record.priceAmount.flatMap { amount in
                record.priceCurrency.map { Money(amount: amount, currency: $0) }
            },
            regularAmount: record.regularAmount, version: record.version, locationID: record.locationID,
            saleRuleID: record.saleRuleID, withTaxes: record.withTaxes)
        id = record.id
    }
}
