import GRDB

extension CatalogDatabase {
    /// An enum column and the values it may hold: a row with any other value is refused when written
    /// (triggers: SQLite cannot add a CHECK constraint to an existing table), and reading one fails
    /// loudly (`Row.known`).
    struct KnownValues {
        var table: String
        var column: String
        var values: [String]

        /// `BEFORE INSERT` and `BEFORE UPDATE OF column` triggers that abort on an unknown value.
        var triggers: String {
            let list = values.map { "'\($0)'" }.joined(separator: ", ")
            let name = "\(table)_\(column)_known"
            let message = "\(table).\(column) must be one of \(values.joined(separator: ", "))"
            return """
                CREATE TRIGGER \(name)_insert BEFORE INSERT ON \(table) WHEN NEW.\(column) NOT IN (\(list))
                    BEGIN SELECT RAISE(ABORT, '\(message)'); END;
                CREATE TRIGGER \(name)_update BEFORE UPDATE OF \(column) ON \(table)
                    WHEN NEW.\(column) NOT IN (\(list))
                    BEGIN SELECT RAISE(ABORT, '\(message)'); END;
                """
        }
    }

    /// The values migration v7 allows, frozen as it landed. A new case in one of these enums needs a new
    /// migration that drops and recreates that column's triggers (a test compares these with the enums).
    static let knownValuesV7: [KnownValues] = [
        KnownValues(table: "outbox", column: "kind", values: ["edit", "create", "inventory"]),
        KnownValues(
            table: "outbox", column: "status", values: ["pending", "applied", "conflict", "resolved", "failed"]),
        KnownValues(table: "history", column: "action", values: ["create", "edit", "import", "resolve"]),
        KnownValues(table: "print_log", column: "status", values: ["submitted", "completed", "failed"]),
        KnownValues(table: "reorder_lines", column: "status", values: ["wanted", "ordered", "received", "removed"]),
    ]

    /// The values migration v14 allows where it changed the list: stock counts are posted through the
    /// outbox and leave history rows, and a count line records how its posting went.
    static let knownValuesV14: [KnownValues] = [
        KnownValues(table: "outbox", column: "kind", values: ["edit", "create", "inventory", "count"]),
        KnownValues(table: "history", column: "action", values: ["create", "edit", "import", "resolve", "count"]),
        KnownValues(table: "count_lines", column: "post_status", values: ["queued", "posted", "refused", "untracked"]),
    ]

    /// The values migration v16 allows where it changed the list: stock receipts leave history rows.
    static let knownValuesV16: [KnownValues] = [
        KnownValues(
            table: "history", column: "action", values: ["create", "edit", "import", "resolve", "count", "receive"])
    ]
    /// v22: a staged price plan's lines are written under their own action.
    static let knownValuesV22: [KnownValues] = [
        KnownValues(
            table: "history", column: "action",
            values: ["create", "edit", "import", "resolve", "count", "receive", "plan"])
    ]

    /// v28: a count line for a variation not sold at the count's location is left out unless asked for.
    static let knownValuesV28: [KnownValues] = [
        KnownValues(
            table: "count_lines", column: "post_status",
            values: ["queued", "posted", "refused", "untracked", "not_sold"])
    ]

    /// The lists in force now: v7's, with those each later migration replaced or added.
    static var knownValues: [KnownValues] {
        var byColumn: [String: KnownValues] = [:]
        var order: [String] = []
        for list in [knownValuesV7, knownValuesV14, knownValuesV16, knownValuesV22, knownValuesV28] {
            for guarded in list {
                let key = guarded.table + "." + guarded.column
                if byColumn.updateValue(guarded, forKey: key) == nil { order.append(key) }
            }
        }
        return order.compactMap { byColumn[$0] }
    }

    /// Replaces the triggers of each column in `list` with ones allowing its values.
    static func replaceTriggers(_ list: [KnownValues], db: Database) throws {
        for guarded in list {
            let name = "\(guarded.table)_\(guarded.column)_known"
            try db.execute(sql: "DROP TRIGGER IF EXISTS \(name)_insert; DROP TRIGGER IF EXISTS \(name)_update;")
            try db.execute(sql: guarded.triggers)
        }
    }
}
