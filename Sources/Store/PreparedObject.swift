import CatalogCore
import SquareSchema

/// A catalog object from Square made ready to store: its header and query columns decoded and the JSON
/// that `catalog_objects` keeps serialised.
///
/// Preparing costs about as much CPU as writing, and needs no database, so a sync prepares each page as it
/// arrives, beside the writer, and drops the parsed JSON tree at once: the write transaction only writes,
/// and a page waiting for the writer takes a fraction of the memory. Preparing never fails: an object
/// that cannot be stored carries the reason (and the copy Square sent), and `apply` holds it back.
public struct PreparedObject: Sendable {
    enum Content: Sendable {
        case item(ItemRow)
        case variation(VariationRow)
        case category(CategoryRow)
        /// A tombstone, or a type kept only as JSON (pricing objects, modifiers, ...).
        case other
        /// Cannot be stored, for this reason.
        case bad(StoreError)
    }

    /// Nil when the object has no usable id, type or version (`content` then says why).
    let header: ObjectHeader?
    let content: Content
    /// What `catalog_objects.json` keeps (see `CatalogDatabase.storedForm`); empty for a tombstone or an
    /// object that cannot be stored.
    let json: String
    /// The object as Square sent it, kept only when it cannot be stored, to be held back as sent.
    let original: JSONValue?
    /// The ids of an item's nested variations, as listed.
    let nestedIDs: [String]
    /// The currencies of a discount's amounts: `apply` holds the discount back unless they are the shop's.
    let currencies: [String]

    /// Prepares `object`; `parentItemID` is the item a nested variation came in (its `item_id` when the
    /// copy leaves it out).
    public init(_ object: JSONValue, parentItemID: String? = nil) {
        var object = object
        if let parentItemID, object["item_variation_data"]?["item_id"] == nil {
            object["item_variation_data"]?["item_id"] = .string(parentItemID)
        }
        nestedIDs = Self.nestedIDs(of: object)
        currencies = PricingValues.currencies(of: object)
        let header: ObjectHeader
        do throws(StoreError) {
            header = try ObjectHeader(object)
        } catch {
            (self.header, content, json, original) = (nil, .bad(error), "", object)
            return
        }
        self.header = header
        guard !header.isDeleted else {
            (content, json, original) = (.other, "", nil)
            return
        }
        do throws(StoreError) {
            switch header.type {
            case "ITEM":
                let item = try ItemRow(object, header: header)
                content = .item(item)
                json = Self.text(CatalogDatabase.storedForm(of: object, item: item))
            case "ITEM_VARIATION":
                content = .variation(try VariationRow(object, header: header))
                json = Self.text(object)
            case "CATEGORY":
                content = .category(CategoryRow(object))
                json = Self.text(object)
            default:
                // A pricing value Square's rules refuse is never stored, so no price is worked out from it.
                if let broken = PricingValues.violation(of: object) {
                    throw StoreError.badObject(id: header.id, type: header.type, reason: broken.reason)
                }
                content = .other
                json = Self.text(object)
            }
            original = nil
        } catch {
            (content, json, original) = (.bad(error), "", object)
        }
    }

    /// The ids an item lists as its variations (nothing for other objects).
    static func nestedIDs(of object: JSONValue) -> [String] {
        (object["item_data"]?["variations"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
    }

    /// The item a variation belongs to, as it says (also when it cannot be stored).
    var variationItemID: String? {
        guard header?.type == "ITEM_VARIATION" || original?["type"] == "ITEM_VARIATION" else { return nil }
        if case .variation(let row) = content { return row.itemID }
        return original?["item_variation_data"]?["item_id"]?.stringValue
    }

    private static func text(_ object: JSONValue) -> String {
        String(decoding: object.serializedBytes(), as: UTF8.self)
    }
}
