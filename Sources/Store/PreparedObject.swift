import CatalogCore
import SquareSchema
import Synchronization

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
    private(set) var content: Content
    /// What `catalog_objects.json` keeps (see `CatalogDatabase.storedForm`); empty for a tombstone or an
    /// object that cannot be stored.
    let json: String
    /// The object as Square sent it, kept only when it cannot be stored, to be held back as sent.
    let original: JSONValue?
    /// The ids of an item's nested variations, as listed.
    let nestedIDs: [String]
    /// The currencies of a discount's amounts: `apply` holds the discount back unless they are the shop's.
    let currencies: [String]
    /// Whether this is the second copy of a variation in a pass into an empty database (`PassCopies`): the
    /// first stored it, or held it back with its item (and it is stored from there when the item is), so
    /// this one is passed over. One on its own is not decoded either.
    private(set) var isSecondCopy = false

    /// Prepares `object` in a pass that notes the variations it has seen (`copies`): the second copy of one
    /// (an item's nested copy and the variation on its own) is marked, and one on its own is not decoded.
    public init(_ object: JSONValue, copies: PassCopies) {
        // A variation's key is worked out once; an item's own is never needed (its nested ones are, below).
        let key = object["type"]?.stringValue == "ITEM_VARIATION" ? PassCopies.key(object) : nil
        if let key, copies.takeSecond(key), let header = try? ObjectHeader(object) {
            self.init(secondCopyOf: header)
            return
        }
        self.init(object)
        guard header?.isDeleted == false else { return }
        switch content {
        case .variation:
            if let key { copies.remember(key) }
        case .item(var item):
            for index in item.variations.indices {
                guard let nested = item.variations[index].header else { continue }
                let key = PassCopies.key(id: nested.id, version: nested.version)
                if copies.takeSecond(key) {
                    item.variations[index].isSecondCopy = true
                } else {
                    copies.remember(key)
                }
            }
            content = .item(item)
        default: break
        }
    }

    private init(secondCopyOf header: ObjectHeader) {
        (self.header, content, json, original) = (header, .other, "", nil)
        (nestedIDs, currencies, isSecondCopy) = ([], [], true)
    }

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

    /// Whether it cannot be stored.
    var isBad: Bool {
        if case .bad = content { return true }
        return false
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

/// The variations a pass into an empty database has seen once, by id and version, so that the second copy
/// of each (an item's nested copy and the variation on its own; Square sends both) is known: the first was
/// stored (or found stored at that version or newer), or held back waiting for its item, which stores it
/// from the list when the item stores; the second would only be looked up to find that. Only copies that
/// could be decoded are noted, and a variation is forgotten at its second copy, so what is kept is only
/// those seen once so far.
///
/// Only for a pass into an empty database: there every item is new, so its nested variations are stored
/// with it; over a stored catalog an unchanged item stores nothing, and its variations' own copies must be
/// looked up. Pages are prepared one after another, in the order they are applied; a pass that starts its
/// pages again notes them afresh.
public final class PassCopies: Sendable {
    /// A copy's id and version as two independent 64-bit hashes (Swift's seeded SipHash and FNV-1a): 16 bytes
    /// instead of a string of 30 (half a million variations open at once cost 37 MB as strings). Two copies
    /// of different variations share both only with a probability near 2^-128 over a whole pass.
    struct Key: Hashable {
        var sip: UInt64
        var fnv: UInt64
    }

    private let seen = Mutex(Set<Key>())

    public init() {}

    /// The key of a copy: its id and version.
    static func key(id: String, version: Int64) -> Key {
        var hasher = Hasher()
        hasher.combine(id)
        hasher.combine(version)
        var fnv: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.utf8 {
            fnv = (fnv ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        withUnsafeBytes(of: version.littleEndian) { bytes in
            for byte in bytes { fnv = (fnv ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        }
        return Key(sip: UInt64(bitPattern: Int64(hasher.finalize())), fnv: fnv)
    }

    static func key(_ object: JSONValue) -> Key? {
        guard let id = object["id"]?.stringValue, let version = object["version"]?.int64Value,
            object["is_deleted"]?.boolValue != true
        else { return nil }
        return key(id: id, version: version)
    }

    /// Whether `key` was seen once already (it is then forgotten).
    func takeSecond(_ key: Key) -> Bool {
        seen.withLock { $0.remove(key) != nil }
    }

    func remember(_ key: Key) {
        _ = seen.withLock { $0.insert(key) }
    }

    /// Variations seen once so far.
    var count: Int { seen.withLock { $0.count } }
}
