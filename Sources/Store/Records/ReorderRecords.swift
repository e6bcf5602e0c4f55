import CatalogCore
import GRDB

/// A row of `reorder_lines`, column for column: the stored part of a `ReorderLine` (the rest is read from
/// the catalog with it). Lines are never deleted.
struct ReorderLineRecord: Codable, Equatable, FetchableRecord, MutablePersistableRecord {
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

    enum CodingKeys: String, CodingKey {
        case id
        case variationID = "variation_id"
        case status, quantity, received, note, counter
        case lastCounter = "last_counter"
        case firstAdded = "first_added"
        case lastAdded = "last_added"
        case vendorID = "vendor_id"
        case orderReference = "order_reference"
        case orderedAt = "ordered_at"
        case closedAt = "closed_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let variationID = Column(CodingKeys.variationID)
        static let status = Column(CodingKeys.status)
        static let quantity = Column(CodingKeys.quantity)
        static let received = Column(CodingKeys.received)
        static let closedAt = Column(CodingKeys.closedAt)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

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
        guard let id = record.id else {
            throw StoreError.database(reason: "a reorder_lines row was read without its id")
        }
        self.init(
            id: id, variationID: record.variationID,
            status: try known(record.status, table: "reorder_lines", column: "status"), quantity: record.quantity,
            received: record.received, note: record.note, counter: record.counter, lastCounter: record.lastCounter,
            firstAdded: record.firstAdded, lastAdded: record.lastAdded, orderReference: record.orderReference,
            orderedAt: record.orderedAt, closedAt: record.closedAt, variation: variation, supply: supply,
            vendorName: vendorName, onHand: onHand, threshold: threshold)
    }
}

/// A row of `reorder_events`, the reorder list's history (never rewritten): what `ReorderEvent` is read
/// from and written as.
struct ReorderEventRecord: Codable, Equatable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "reorder_events"

    var id: Int64?
    var at: String
    var counter: String
    var lineID: Int64
    var variationID: String
    var action: String
    var quantity: Int?
    var detail: String?

    enum CodingKeys: String, CodingKey {
        case id, at, counter
        case lineID = "line_id"
        case variationID = "variation_id"
        case action, quantity, detail
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let lineID = Column(CodingKeys.lineID)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

extension ReorderEvent {
    init(record: ReorderEventRecord) throws {
        guard let id = record.id else {
            throw StoreError.database(reason: "a reorder_events row was read without its id")
        }
        self.id = id
        at = record.at
        counter = record.counter
        lineID = record.lineID
        variationID = record.variationID
        action = record.action
        quantity = record.quantity
        detail = record.detail
    }
}

/// A row of `vendors`: a Square vendor, its name and status, and its JSON as Square sent it.
struct VendorRecord: Codable, Equatable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "vendors"

    var id: String
    var name: String
    var status: String?
    var json: String
}

/// A row of `inventory_counts`: a variation's IN_STOCK count at a location as last read from Square.
struct InventoryCountRecord: Codable, Equatable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "inventory_counts"

    var variationID: String
    var locationID: String
    /// Square's decimal string.
    var quantity: String
    var calculatedAt: String?
    var fetchedAt: String

    enum CodingKeys: String, CodingKey {
        case variationID = "variation_id"
        case locationID = "location_id"
        case quantity
        case calculatedAt = "calculated_at"
        case fetchedAt = "fetched_at"
    }

    enum Columns {
        static let variationID = Column(CodingKeys.variationID)
    }
}
