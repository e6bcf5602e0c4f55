import CatalogCore
import GRDB
import SquareSchema

/// What one `apply` call is doing: its counts, and the items whose search entry must be brought up to date
/// before the transaction ends.
struct ApplyContext {
    var markSeen: Bool
    /// Whether objects are expected to be new (a full pass into an empty database): each is inserted at
    /// once, and only one already stored is looked up.
    var expectsNew = false
    var counts = ApplyCounts()
    var upkeep = SearchUpkeep()
    /// Whether some object is held back, so stored objects must be checked against the list.
    var checkProblems = false
    /// The currencies of the shop's locations, read when the first discount with an amount comes.
    var shopCurrencies: Set<String>?

    /// Takes in what one object's apply counted and left for the search index.
    mutating func merge(_ other: ApplyContext) {
        counts.changed += other.counts.changed
        counts.deleted += other.counts.deleted
        counts.problems += other.counts.problems
        counts.cleared += other.counts.cleared
        upkeep.touched.formUnion(other.upkeep.touched)
        upkeep.sources.merge(other.upkeep.sources) { _, newer in newer }
    }
}

/// How much one applied page changed the local catalog.
public struct ApplyCounts: Sendable, Equatable {
    /// Objects that were new or newer than the stored copy (nested variations included).
    public var changed = 0
    /// Objects removed because Square sent their tombstone.
    public var deleted = 0
    /// Objects that could not be stored (or wait for one that could not), as now recorded.
    public var problems: [SyncProblem] = []
    /// Objects held back before that are now stored.
    public var cleared = 0

    public init(changed: Int = 0, deleted: Int = 0) {
        self.changed = changed
        self.deleted = deleted
    }
}

extension CatalogDatabase {
    /// Applies Square objects (upserts and tombstones) and sync-state changes in one transaction.
    ///
    /// An object replaces the stored copy only when its version is newer, so applying a page twice,
    /// or an item's nested copy of a variation after the variation itself, changes nothing.
    /// `markSeen` records every id for the sweep at the end of a full sync.
    /// A `nil` value in `syncState` removes that key.
    ///
    /// An object that cannot be stored is held back (`sync_problems`) with the reason, and the rest are
    /// stored: the stored copy, if any, stays, and a variation whose item is held back waits with it.
    /// A held-back object that now stores leaves the list, and what waited for it is stored too.
    public func apply(
        _ objects: [JSONValue], markSeen: Bool = false, syncState: [String: String?] = [:]
    ) async throws -> ApplyCounts {
        try await apply(prepared: objects.map { PreparedObject($0) }, markSeen: markSeen, syncState: syncState)
    }

    /// `apply(_:markSeen:syncState:)` for objects prepared beforehand (a sync prepares each page as it
    /// arrives, so the write transaction only writes).
    ///
    /// With `deferIndexing` (a full pass), a new item whose category is not stored yet is indexed for
    /// search when the category comes, not before as well; `indexDeferredItems` indexes the rest at the
    /// end of the pass, and any write without it does if a pass never got there. `expectNew` (a full pass
    /// into an empty database) inserts each object at once and looks up only one that turns out stored, and
    /// indexes nothing, nor keeps the lookup indexes (`lookupIndexes`): `indexDeferredItems` rebuilds the
    /// whole index and builds them (at the end of this transaction without `deferIndexing`).
    public func apply(
        prepared objects: [PreparedObject], markSeen: Bool = false, deferIndexing: Bool = false,
        expectNew: Bool = false, syncState: [String: String?] = [:]
    ) async throws -> ApplyCounts {
        let now = clock.now().rfc3339
        return try await write { db in
            var context = ApplyContext(markSeen: markSeen)
            context.expectsNew = expectNew
            context.upkeep.defersUncategorised = deferIndexing
            context.upkeep.rebuildsAtEnd = expectNew
            context.checkProblems = try Self.hasProblems(db)
            if expectNew { try Self.dropLookupIndexes(db) }
            for object in objects {
                try Self.applyOrHoldBack(object, context: &context, at: now, db: db)
            }
            try context.upkeep.finish(cache: self.vocabularyCache, db: db)
            // Outside a full pass nothing waits for a category any more (a pass that never finished).
            if !deferIndexing { try Self.indexDeferredItems(cache: self.vocabularyCache, db: db) }
            try Self.setSyncState(syncState, db: db)
            return context.counts
        }
    }

    /// Applies one top-level object; one Square sent that cannot be stored is held back instead.
    static func applyOrHoldBack(_ object: PreparedObject, context: inout ApplyContext, at now: String, db: Database)
        throws
    {
        let id = object.header?.id
        if context.checkProblems, let itemID = object.variationItemID, try isHeldBack(itemID, db: db) {
            context.counts.problems.append(
                try quarantine(
                    object, reason: "waits for its item \(itemID), which could not be stored", waitsFor: itemID,
                    markSeen: context.markSeen, at: now, db: db))
            return
        }
        // Everything an object stores (an item's variations too) is decoded before anything is written, so
        // an object that cannot be stored changes nothing but its seen mark: no savepoint is needed. It
        // counts in a context of its own, merged in only when it stored.
        var own = ApplyContext(markSeen: context.markSeen)
        own.checkProblems = context.checkProblems
        own.expectsNew = context.expectsNew
        own.upkeep.rebuildsAtEnd = context.upkeep.rebuildsAtEnd
        do {
            try apply(object, parentItemID: nil, context: &own, db: db)
            context.merge(own)
        } catch StoreError.badObject(let badID, let badType, let reason) {
            context.checkProblems = true
            // A bad variation nested in an item holds the item back with it: say which part is bad.
            let why = badID == id || id == nil ? reason : "its \(badType) \(badID): \(reason)"
            context.counts.problems.append(
                try quarantine(object, reason: why, waitsFor: nil, markSeen: context.markSeen, at: now, db: db))
            // An item's variations wait with it (the stored copies, if any, stay as they were).
            guard let itemID = id, let sent = object.original else { return }
            for nested in sent["item_data"]?["variations"]?.arrayValue ?? [] where nested["id"]?.stringValue != nil {
                var variation = nested
                if variation["item_variation_data"]?["item_id"] == nil {
                    variation["item_variation_data"]?["item_id"] = .string(itemID)
                }
                context.counts.problems.append(
                    try quarantine(
                        variation, reason: "waits for its item \(itemID), which could not be stored",
                        waitsFor: itemID, markSeen: context.markSeen, at: now, db: db))
            }
            return
        }
        guard context.checkProblems, let id else { return }
        try db.cachedStatement(sql: "DELETE FROM sync_problems WHERE id = ?").execute(arguments: [id])
        if db.changesCount > 0 { context.counts.cleared += 1 }
        // What waited for it is stored now: the copies it carried were just stored with it; any other is
        // stored from the copy Square sent.
        let waiting = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT p.id, p.json, o.id IS NOT NULL AS stored FROM sync_problems p
                    LEFT JOIN catalog_objects o ON o.id = p.id AND o.version >= coalesce(p.version, 0)
                    WHERE p.waits_for = ?
                    """), arguments: [id])
        guard !waiting.isEmpty else { return }
        try db.cachedStatement(sql: "DELETE FROM sync_problems WHERE waits_for = ?").execute(arguments: [id])
        context.counts.cleared += waiting.count
        for row in waiting where !(row["stored"] as Bool) {
            let object = try StoredJSON.parse(row["json"], table: "sync_problems", row: row["id"], column: "json")
            try applyOrHoldBack(PreparedObject(object), context: &context, at: now, db: db)
        }
    }

    static func apply(_ object: PreparedObject, parentItemID: String?, context: inout ApplyContext, db: Database)
        throws
    {
        guard let header = object.header else {
            if case .bad(let error) = object.content { throw error }
            return
        }
        if context.markSeen { try markSeenIDs(id: header.id, nested: object.nestedIDs, db: db) }
        if header.isDeleted {
            context.counts.deleted += try removeObject(id: header.id, touched: &context.upkeep.touched, db: db)
            return
        }
        // The first copy this pass stored it, or held it back until its item stores (`PassCopies`).
        if object.isSecondCopy { return }
        // A new object (almost every one in a full pass into an empty database) is inserted at once; one that
        // can be stored only after a check is not.
        var inserted = false
        if context.expectsNew, object.currencies.isEmpty, !object.isBad {
            try db.cachedStatement(
                sql: """
                    INSERT INTO catalog_objects(id, type, version, updated_at, json) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT(id) DO NOTHING
                    """
            ).run(
                .text(header.id), .text(header.type), .integer(header.version), .text(header.updatedAt),
                .text(object.json), db: db)
            inserted = db.changesCount > 0
        }
        // Most copies that arrive twice (an item's nested variation and the variation itself) stop here.
        let stored =
            inserted
            ? nil
            : try db.cachedStatement(sql: "SELECT version FROM catalog_objects WHERE id = ?")
                .fetchInteger(.text(header.id), db: db)
        if let stored, stored >= header.version {
            // A newer copy of a variation than its item lists: the item's entry must come from the tables.
            if let parentItemID, stored > header.version { context.upkeep.touched.insert(parentItemID) }
            return
        }
        if case .bad(let error) = object.content { throw error }
        if !object.currencies.isEmpty {
            let shop = try context.shopCurrencies ?? locationCurrencies(db)
            context.shopCurrencies = shop
            if let broken = PricingValues.foreign(object.currencies, sellerCurrencies: shop) {
                throw StoreError.badObject(id: header.id, type: header.type, reason: broken.reason)
            }
        }
        if !inserted {
            try db.cachedStatement(
                sql: """
                    INSERT INTO catalog_objects(id, type, version, updated_at, json) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT(id) DO UPDATE SET type = excluded.type, version = excluded.version,
                        updated_at = excluded.updated_at, json = excluded.json
                    WHERE excluded.version > catalog_objects.version
                    """
            ).run(
                .text(header.id), .text(header.type), .integer(header.version), .text(header.updatedAt),
                .text(object.json), db: db)
            guard db.changesCount > 0 else { return }
        }
        context.counts.changed += 1
        switch object.content {
        case .item(let item):
            try storeItem(item, header: header, isNew: stored == nil, context: &context, db: db)
        case .variation(let variation):
            // A variation can move to another item: the item it leaves changes too.
            if stored != nil, parentItemID == nil,
                let previous = try String.fetchOne(
                    db.cachedStatement(sql: "SELECT item_id FROM variations WHERE id = ?"), arguments: [header.id])
            {
                context.upkeep.touched.insert(previous)
            }
            // A variation on its own changes its item's entry, if the item is stored: one that arrives before
            // its item is indexed with the item.
            if parentItemID == nil,
                try db.cachedStatement(sql: "SELECT 1 FROM items WHERE id = ?").fetchInteger(
                    .text(variation.itemID), db: db) != nil
            {
                context.upkeep.touched.insert(variation.itemID)
            }
            try storeVariation(variation, header: header, db: db)
        case .category(let category):
            if !context.upkeep.rebuildsAtEnd {
                try context.upkeep.touched.formUnion(itemIDs(inCategory: header.id, db: db))
            }
            try db.cachedStatement(
                sql: """
                    INSERT INTO categories(id, name, parent_id, version) VALUES (?, ?, ?, ?)
                    ON CONFLICT(id) DO UPDATE SET name = excluded.name, parent_id = excluded.parent_id,
                        version = excluded.version
                    """
            ).execute(arguments: [header.id, category.name, category.parentID, header.version])
        case .other, .bad: break
        }
    }

    /// The currencies the shop's locations trade in (empty before the first sync stored them).
    static func locationCurrencies(_ db: Database) throws -> Set<String> {
        Set(try LocationRecord.fetchAll(db).compactMap { try $0.object()["currency"]?.stringValue })
    }

    /// What goes in `catalog_objects.json`: the object as Square sent it, except that an item's nested
    /// variations are kept as `{"id": ...}` references, because each variation is stored in full as its
    /// own object. `expanded(_:db:)` puts them back, so readers see exactly what Square sent.
    static func storedForm(of object: JSONValue, item: ItemRow?) -> JSONValue {
        guard let item, !item.variations.isEmpty else { return object }
        var stored = object
        stored["item_data"]?["variations"] = .array(
            item.variations.map { nested in ["id": nested.header.map { .string($0.id) } ?? .null] })
        return stored
    }

    /// An object read back from `catalog_objects.json`, with an item's variation references replaced by
    /// the stored variations.
    static func expanded(_ stored: JSONValue, db: Database) throws -> JSONValue {
        guard stored["type"] == "ITEM", let references = stored["item_data"]?["variations"]?.arrayValue,
            !references.isEmpty
        else { return stored }
        let lookup = try db.cachedStatement(sql: "SELECT json FROM catalog_objects WHERE id = ?")
        var object = stored
        object["item_data"]?["variations"] = .array(
            try references.map { reference in
                guard reference.objectValue?.count == 1, let id = reference["id"]?.stringValue,
                    let text = try String.fetchOne(lookup, arguments: [id])
                else { return reference }
                return try Self.storedJSON(text, id: id)
            })
        return object
    }

    static func storeItem(
        _ item: ItemRow, header: ObjectHeader, isNew: Bool, context: inout ApplyContext, db: Database
    ) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO items(id, name, category_id, is_archived, version, locations) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET name = excluded.name, category_id = excluded.category_id,
                    is_archived = excluded.is_archived, version = excluded.version, locations = excluded.locations
                """
        ).run(
            .text(header.id), .text(item.name), .text(item.categoryID), .integer(item.isArchived ? 1 : 0),
            .integer(header.version), .text(item.locations), db: db)
        // A new item in a full pass into an empty database has no links to take out.
        if !(isNew && context.expectsNew) {
            try db.cachedStatement(sql: "DELETE FROM item_categories WHERE item_id = ?").run(.text(header.id), db: db)
        }
        let link = try db.cachedStatement(
            sql: "INSERT OR IGNORE INTO item_categories(item_id, category_id, ordinal) VALUES (?, ?, ?)")
        for category in item.categoryIDs {
            try link.run(.text(header.id), .text(category.id), .integer(category.ordinal), db: db)
        }
        var keep: [String] = []
        for nested in item.variations {
            try apply(nested, parentItemID: header.id, context: &context, db: db)
            if let id = nested.header?.id { keep.append(id) }
        }
        // The item's list is the truth at its version: older variations it no longer lists are gone.
        let kept = Set(keep)
        var unlisted = false
        var older: [String] = []
        try db.cachedStatement(sql: "SELECT id, version FROM variations WHERE item_id = ?").forEachRow(
            .text(header.id), db: db
        ) { row in
            let id = row.text(0)
            guard !kept.contains(id) else { return }
            if row.integer(1) < header.version { older.append(id) } else { unlisted = true }
        }
        for id in older {
            context.counts.deleted += try removeObject(id: id, touched: &context.upkeep.touched, db: db)
        }
        // A pass that rebuilds the whole index at its end notes nothing for it.
        guard !context.upkeep.rebuildsAtEnd else { return }
        if isNew, !unlisted, !item.isArchived {
            var categoryIDs = item.categoryIDs.map(\.id)
            if let reporting = item.categoryID, !categoryIDs.contains(reporting) {
                categoryIDs.insert(reporting, at: 0)
            }
            context.upkeep.sources[header.id] = SearchUpkeep.Source(
                name: item.name, categoryIDs: categoryIDs,
                variations: item.variations.map { nested in
                    guard case .variation(let variation) = nested.content else { return (nil, nil) }
                    return (variation.name, variation.sku)
                })
        } else {
            context.upkeep.touched.insert(header.id)
        }
    }

    static func storeVariation(_ variation: VariationRow, header: ObjectHeader, db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO variations(id, item_id, name, sku, sku_key, upc, gtin, price_amount, price_currency,
                    ordinal, version, locations, shelves)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET item_id = excluded.item_id, name = excluded.name, sku = excluded.sku,
                    sku_key = excluded.sku_key, upc = excluded.upc, gtin = excluded.gtin,
                    price_amount = excluded.price_amount, price_currency = excluded.price_currency,
                    ordinal = excluded.ordinal, version = excluded.version, locations = excluded.locations,
                    shelves = excluded.shelves
                """
        ).run(
            .text(header.id), .text(variation.itemID), .text(variation.name), .text(variation.sku),
            .text(variation.skuKey), .text(variation.upc), .text(variation.gtin), .integer(variation.price?.amount),
            .text(variation.price?.currency), .integer(variation.ordinal), .integer(header.version),
            .text(variation.locations), .text(variation.shelves), db: db)
    }

    /// Records `id`, and an item's nested variation ids, as seen by the running full sync.
    static func markSeenIDs(id: String, nested: [String], db: Database) throws {
        let mark = try db.cachedStatement(sql: "INSERT OR IGNORE INTO sync_seen(id) VALUES (?)")
        try mark.run(.text(id), db: db)
        for nestedID in nested { try mark.run(.text(nestedID), db: db) }
    }
}
