import CatalogCore
import GRDB

extension CatalogDatabase {
    /// The schema's history. A migration that has landed is never edited: add a new one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: catalog objects, query tables, sync state") { db in
            try db.execute(
                sql: """
                    CREATE TABLE catalog_objects (
                        id TEXT PRIMARY KEY NOT NULL,
                        type TEXT NOT NULL,
                        version INTEGER NOT NULL,
                        updated_at TEXT,
                        json TEXT NOT NULL
                    );
                    CREATE TABLE items (
                        id TEXT PRIMARY KEY NOT NULL,
                        name TEXT NOT NULL,
                        category_id TEXT,
                        is_archived INTEGER NOT NULL DEFAULT 0,
                        version INTEGER NOT NULL
                    );
                    CREATE TABLE variations (
                        id TEXT PRIMARY KEY NOT NULL,
                        item_id TEXT NOT NULL,
                        name TEXT,
                        sku TEXT,
                        sku_key TEXT,
                        upc TEXT,
                        gtin TEXT,
                        price_amount INTEGER,
                        price_currency TEXT,
                        ordinal INTEGER,
                        version INTEGER NOT NULL
                    );
                    CREATE INDEX variations_item ON variations(item_id, ordinal);
                    CREATE INDEX variations_sku_key ON variations(sku_key);
                    CREATE INDEX variations_gtin ON variations(gtin);
                    CREATE TABLE categories (
                        id TEXT PRIMARY KEY NOT NULL,
                        name TEXT NOT NULL,
                        parent_id TEXT,
                        version INTEGER NOT NULL
                    );
                    CREATE TABLE item_categories (
                        item_id TEXT NOT NULL,
                        category_id TEXT NOT NULL,
                        ordinal INTEGER,
                        PRIMARY KEY (item_id, category_id)
                    ) WITHOUT ROWID;
                    CREATE INDEX item_categories_category ON item_categories(category_id);
                    CREATE TABLE locations (
                        id TEXT PRIMARY KEY NOT NULL,
                        name TEXT NOT NULL,
                        status TEXT,
                        json TEXT NOT NULL
                    );
                    CREATE TABLE sync_state (
                        key TEXT PRIMARY KEY NOT NULL,
                        value TEXT NOT NULL
                    );
                    CREATE TABLE sync_seen (
                        id TEXT PRIMARY KEY NOT NULL
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("v2: search index, typo vocabulary, synonyms") { db in
            try db.execute(
                sql: """
                    CREATE TABLE search_docs (
                        rowid INTEGER PRIMARY KEY,
                        item_id TEXT NOT NULL UNIQUE,
                        name_key TEXT NOT NULL,
                        name_length INTEGER NOT NULL
                    );
                    CREATE INDEX search_docs_name_key ON search_docs(name_key);
                    CREATE INDEX items_category ON items(category_id);
                    CREATE VIRTUAL TABLE search_terms USING fts5(
                        term, tokenize = 'trigram', detail = 'none'
                    );
                    CREATE TABLE search_deletes (
                        key TEXT NOT NULL,
                        term TEXT NOT NULL,
                        PRIMARY KEY (key, term)
                    ) WITHOUT ROWID;
                    CREATE TABLE search_synonyms (
                        word TEXT NOT NULL,
                        synonym TEXT NOT NULL,
                        PRIMARY KEY (word, synonym)
                    ) WITHOUT ROWID;
                    CREATE INDEX search_synonyms_synonym ON search_synonyms(synonym);
                    """)
            try db.execute(sql: Self.searchTableSchema)
            try rebuildSearchIndex(db)
        }
        migrator.registerMigration("v3: write history, outbox, scan log", sql: Self.writesSchema)
        migrator.registerMigration("v4: print log", sql: Self.printLogSchema)
        migrator.registerMigration("v5: reorder list, vendors, inventory counts", sql: Self.reorderSchema)
        migrator.registerMigration("v6: outbox entries claimed by one sender", sql: Self.outboxClaimSchema)
        migrator.registerMigration("v7: enum columns hold only known values") { db in
            for guardColumn in Self.knownValuesV7 {
                try db.execute(sql: guardColumn.triggers)
            }
        }
        migrator.registerMigration("v8: where items and variations are sold, and their location prices") { db in
            try db.execute(
                sql: """
                    ALTER TABLE items ADD COLUMN locations TEXT;
                    ALTER TABLE variations ADD COLUMN locations TEXT;
                    ALTER TABLE print_log ADD COLUMN location_id TEXT;
                    """)
            try Self.fillLocationColumns(db)
        }
        migrator.registerMigration(
            "v9: pricing rules, discounts, taxes and units read by type", sql: Self.pricingIndexSchema)
        migrator.registerMigration(
            "v10: the sale and the taxes a printed tag showed",
            sql: """
                ALTER TABLE print_log ADD COLUMN sale_rule_id TEXT;
                ALTER TABLE print_log ADD COLUMN with_taxes INTEGER NOT NULL DEFAULT 0 CHECK (with_taxes IN (0, 1));
                """)
        migrator.registerMigration(
            "v11: the hub's paired devices, pairing codes, and scans posted by counters", sql: Self.hubSchema)
        migrator.registerMigration("v12: scans a remote counter keeps until the hub has them", sql: Self.hubQueueSchema)
        migrator.registerMigration("v13: stock count sessions, their lines and every count", sql: Self.countSchema)
        migrator.registerMigration("v14: stock counts posted to Square through the outbox") { db in
            try db.execute(sql: Self.countPostSchema)
            try Self.replaceTriggers(Self.knownValuesV14, db: db)
        }
        migrator.registerMigration(
            "v15: objects a sync could not store, held back with the reason", sql: Self.problemsSchema)
        migrator.registerMigration("v16: stock receipts sent to Square leave history rows") { db in
            try Self.replaceTriggers(Self.knownValuesV16, db: db)
        }
        migrator.registerMigration(
            "v17: each counter's mode kept by the hub, and when a scan was made", sql: Self.counterStateSchema)
        migrator.registerMigration(
            "v18: the answers to changes devices asked for under a request id", sql: Self.hubRequestSchema)
        migrator.registerMigration(
            "v19: device roles, staff and their PINs, and who made each write and scan", sql: Self.staffSchema)
        migrator.registerMigration("v20: each variation's shelf place at each location") { db in
            try db.execute(
                sql: """
                    ALTER TABLE variations ADD COLUMN shelves TEXT;
                    CREATE INDEX variations_shelved ON variations(id) WHERE shelves IS NOT NULL;
                    """)
            try Self.fillShelvesColumn(db)
        }
        migrator.registerMigration(
            "v21: the shelf each counter's shelf mode puts items on",
            sql: "ALTER TABLE hub_counters ADD COLUMN shelf TEXT")
        migrator.registerMigration("v22: price changes staged for a time") { db in
            try db.execute(sql: Self.stagedPlanSchema)
            try Self.replaceTriggers(Self.knownValuesV22, db: db)
        }
        migrator.registerMigration(
            "v23: the print queue, printer routes, and the job each printed tag came with", sql: Self.labelJobSchema)
        migrator.registerMigration("v24: shelf audits and the items checked in each", sql: Self.shelfAuditSchema)
        migrator.registerMigration("v25: plans that follow Square's sales", sql: Self.salePlanSchema)
        migrator.registerMigration(
            "v26: a count's areas with their states, blind counts, and the lines a recount replaced",
            sql: Self.countAreaSchema)
        migrator.registerMigration(
            "v27: when each variation was last counted at each location", sql: Self.lastCountSchema)
        migrator.registerMigration("v28: count lines left out as not sold at the count's location") { db in
            try Self.replaceTriggers(Self.knownValuesV28, db: db)
        }
        return migrator
    }

    /// Fills `items.locations` and `variations.locations` from the stored objects, by the rule sync uses.
    static func fillLocationColumns(_ db: Database) throws {
        for (type, table) in [("ITEM", "items"), ("ITEM_VARIATION", "variations")] {
            let update = try db.makeStatement(sql: "UPDATE \(table) SET locations = ? WHERE id = ?")
            let rows = try Row.fetchCursor(
                db, sql: "SELECT id, json FROM catalog_objects WHERE type = ? AND json LIKE '%location%'",
                arguments: [type])
            while let row = try rows.next() {
                let text: String = row["json"]
                guard let object = try? JSONValue.parse(text), let stored = LocationTerms.storedColumn(of: object)
                else { continue }
                try update.execute(arguments: [stored, row["id"] as String])
            }
        }
    }
}

extension CatalogDatabase {
    /// Fills `variations.shelves` from the stored variations that carry custom attribute values.
    static func fillShelvesColumn(_ db: Database) throws {
        let update = try db.makeStatement(sql: "UPDATE variations SET shelves = ? WHERE id = ?")
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT id, json FROM catalog_objects
                WHERE type = 'ITEM_VARIATION' AND json LIKE '%custom_attribute_values%'
                """)
        while let row = try rows.next() {
            let object = try StoredJSON.parse(row["json"], table: "catalog_objects", row: row["id"], column: "json")
            guard let stored = ShelfPlaces(object: object).storedColumn else { continue }
            try update.execute(arguments: [stored, row["id"] as String])
        }
    }
}

extension DatabaseMigrator {
    /// Registers a migration that runs the SQL `sql` and nothing else.
    mutating func registerMigration(_ identifier: String, sql: String) {
        registerMigration(identifier) { db in try db.execute(sql: sql) }
    }
}
