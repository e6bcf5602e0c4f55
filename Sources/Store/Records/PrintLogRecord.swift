import CatalogCore
import GRDB

/// A row of `print_log`, column for column: what `PrintRecord` is read from and written as (its price is
/// two columns here).
struct PrintLogRecord: NumberedRecord, Equatable {
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
    var labelJobID: Int64?

    enum Columns: String, ColumnExpression {
        case id, printer, status, reason
        case variationID = "variation_id"
        case jobID = "job_id"
        case labelJobID = "label_job_id"
    }

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
        labelJobID = record.labelJobID
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
        labelJobID = record.labelJobID
    }
}
