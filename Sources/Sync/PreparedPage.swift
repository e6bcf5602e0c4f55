import CatalogCore
import SquareAPI
import Store

/// One page of a pass, made ready to store as it arrives (see `PreparedObject`), with what the sync engine
/// reads from it besides: the cursor and watermark, the span of `updated_at` times, and the vendors named.
struct PreparedPage: Sendable {
    var objects: [PreparedObject]
    var cursor: String?
    var latestTime: String?
    /// The earliest and latest `updated_at` on the page.
    var oldest: Timestamp?
    var newest: Timestamp?
    /// Whether the page's objects come oldest first.
    var ordered = true
    /// Vendors the page's variations (nested ones too) name.
    var vendorIDs: Set<String> = []

    /// Prepares `page`; in a pass into an empty database, `copies` notes the variations seen so far.
    init(_ page: CatalogObjectsPage, copies: PassCopies? = nil) {
        cursor = page.cursor
        latestTime = page.latestTime
        objects = []
        objects.reserveCapacity(page.objects.count)
        for object in page.objects {
            if let text = object["updated_at"]?.stringValue, let stamp = Timestamp(rfc3339: text) {
                if let newest, stamp < newest { ordered = false }
                oldest = min(oldest ?? stamp, stamp)
                newest = max(newest ?? stamp, stamp)
            }
            noteVendors(of: object)
            for nested in object["item_data"]?["variations"]?.arrayValue ?? [] { noteVendors(of: nested) }
            objects.append(copies.map { PreparedObject(object, copies: $0) } ?? PreparedObject(object))
        }
    }

    private mutating func noteVendors(of object: JSONValue) {
        for entry in object["item_variation_data"]?["vendor_information"]?.arrayValue ?? [] {
            if let id = entry["vendor_id"]?.stringValue { vendorIDs.insert(id) }
        }
    }
}
