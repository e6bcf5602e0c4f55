import CatalogCore
import GRDB

/// A row of `reorder_lines`, column for column: the stored part of a `ReorderLine` (the rest is read from
/// the catalog with it). Lines are never deleted.
struct ReorderLineRecord: NumberedRecord, Equatable {
    static let databaseTableName = "reorder_lines"

    var id: Int64?
    var variationID: String
    var status: String
    var quantity: Int
    var received: Int
    var note: String?
    var counter: String
    var lastCounter: String
    var firstAdded: String
    var lastAdded: String
    var vendorID: String?
    var orderReference: String?
    var orderedAt: String?
    var closedAt: String?

    enum Columns: String, ColumnExpression {
        case id, status, received
        case variationID = "variation_id"
        case closedAt = "closed_at"
    }

    /// The lines of a variation with one of `statuses`.
    static func lines(of variationID: String, _ statuses: [ReorderLine.Status]) -> QueryInterfaceRequest<Self> {
        filter(Columns.variationID == variationID).filter(statuses.map(\.rawValue).contains(Columns.status))
    }
}

extension ReorderLine {
    /// A stored line with what the catalog says about its variation, read strictly (an unknown status is
    /// `StoreError.unknownValue`).
    init(
        record: ReorderLineRecord, variation: VariationSummary?, supply: VendorSupply?, vendorName: String?,
        onHand: String?, threshold: Int64?
    ) throws {
        self.init(
            id: try record.storedID(), variationID: record.variationID,
            status: try known(record.status, table: "reorder_lines", column: "status"), quantity: record.quantity,
            received: record.received, note: record.note, counter: record.counter, lastCounter: record.lastCounter,
            firstAdded: record.firstAdded, lastAdded: record.lastAdded, orderReference: record.orderReference,
            orderedAt: record.orderedAt, closedAt: record.closedAt, variation: variation, supply: supply,
            vendorName: vendorName, onHand: onHand, threshold: threshold)
    }
}

/// A row of `reorder_events`, the reorder list's history (never rewritten), as it is written: numbered by
/// SQLite when inserted, and read as `ReorderEvent`, column for column.
struct ReorderEventRecord: StoreRecord, PersistableRecord, Equatable {
    static let databaseTableName = "reorder_events"

    var at: String
    var counter: String
    var lineID: Int64
    var variationID: String
    var action: String
    var quantity: Int?
    var detail: String?

    enum Columns: String, ColumnExpression {
        case id
        case lineID = "line_id"
    }
}

/// A row of `vendors`: a Square vendor, its name and status, and its JSON as Square sent it.
struct VendorRecord: StoreRecord, PersistableRecord, Equatable {
    static let databaseTableName = "vendors"

    var id: String
    var name: String
    var status: String?
    var json: String
}

/// A row of `inventory_counts`: a variation's IN_STOCK count at a location as last read from Square.
struct InventoryCountRecord: StoreRecord, PersistableRecord, Equatable {
    static let databaseTableName = "inventory_counts"

    var variationID: String
    var locationID: String
    /// Square's decimal string.
    var quantity: String
    var calculatedAt: String?
    var fetchedAt: String

    enum Columns: String, ColumnExpression {
        case variationID = "variation_id"
        case locationID = "location_id"
    }
}
