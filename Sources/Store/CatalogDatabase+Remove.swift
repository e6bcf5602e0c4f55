import GRDB

extension CatalogDatabase {
    /// The items filed under `categoryID`, as their reporting category or one of their categories.
    static func itemIDs(inCategory categoryID: String, db: Database) throws -> [String] {
        try String.fetchAll(
            db.cachedStatement(
                sql:
                    "SELECT item_id FROM item_categories WHERE category_id = ? UNION SELECT id FROM items WHERE category_id = ?"
            ), arguments: [categoryID, categoryID])
    }

    /// Removes an object and everything that hangs off it from every table, adding the items whose search
    /// entry it changes to `touched`. Returns how many objects were there (the object itself and an item's
    /// variations).
    static func removeObject(id: String, touched: inout Set<String>, db: Database) throws -> Int {
        touched.insert(id)
        if let itemID = try String.fetchOne(
            db.cachedStatement(sql: "SELECT item_id FROM variations WHERE id = ?"), arguments: [id])
        {
            touched.insert(itemID)
        }
        try touched.formUnion(itemIDs(inCategory: id, db: db))
        var removedChildren = 0
        let childIDs = try String.fetchAll(
            db.cachedStatement(sql: "SELECT id FROM variations WHERE item_id = ?"), arguments: [id])
        for childID in childIDs { removedChildren += try removeObject(id: childID, touched: &touched, db: db) }
        var removed = 0
        for sql in [
            "DELETE FROM catalog_objects WHERE id = ?", "DELETE FROM items WHERE id = ?",
            "DELETE FROM variations WHERE id = ?", "DELETE FROM categories WHERE id = ?",
        ] {
            try db.cachedStatement(sql: sql).execute(arguments: [id])
            removed += db.changesCount
        }
        try db.cachedStatement(sql: "DELETE FROM item_categories WHERE item_id = ? OR category_id = ?")
            .execute(arguments: [id, id])
        try db.cachedStatement(sql: "UPDATE items SET category_id = NULL WHERE category_id = ?").execute(arguments: [id]
        )
        return (removed > 0 ? 1 : 0) + removedChildren
    }
}
