import GRDB
import GRDBSQLite

/// A value bound straight to a prepared statement by `Statement.run` and `Statement.fetchInteger`.
enum BoundValue {
    case text(String?)
    case integer(Int64?)
}

/// SQLite's "copy the bytes now" destructor.
private let copyNow = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

extension Statement {
    /// Runs this statement (a write) with `values` bound straight through SQLite's C API.
    ///
    /// For the few statements a sync runs for every object: GRDB's general path (every value boxed,
    /// converted and checked, the statement's tables recorded for observers) cost a fifth of the write
    /// transaction. Only for statements whose changes nothing in this process observes through GRDB.
    func run(_ values: BoundValue..., db: Database) throws {
        try bind(values, db: db)
        defer { sqlite3_reset(sqliteStatement) }
        var code = sqlite3_step(sqliteStatement)
        while code == SQLITE_ROW { code = sqlite3_step(sqliteStatement) }
        guard code == SQLITE_DONE else { throw failure(code, db: db) }
    }

    /// The first column of the first row this statement (a read) finds with `values` bound, as an integer;
    /// nil when it finds no row or the value is NULL.
    func fetchInteger(_ values: BoundValue..., db: Database) throws -> Int64? {
        try bind(values, db: db)
        defer { sqlite3_reset(sqliteStatement) }
        switch sqlite3_step(sqliteStatement) {
        case SQLITE_ROW:
            return sqlite3_column_type(sqliteStatement, 0) == SQLITE_NULL
                ? nil : sqlite3_column_int64(sqliteStatement, 0)
        case SQLITE_DONE: return nil
        case let code: throw failure(code, db: db)
        }
    }

    /// Steps this statement (a read) with `values` bound, calling `body` with each row it finds.
    ///
    /// For the searches' candidate rows: GRDB's `Row` (each value boxed, then converted) was half of
    /// the time spent reading them.
    func forEachRow(_ values: BoundValue..., db: Database, _ body: (DirectRow) throws -> Void) throws {
        try bind(values, db: db)
        defer { sqlite3_reset(sqliteStatement) }
        let row = DirectRow(statement: sqliteStatement)
        while true {
            switch sqlite3_step(sqliteStatement) {
            case SQLITE_ROW: try body(row)
            case SQLITE_DONE: return
            case let code: throw failure(code, db: db)
            }
        }
    }

    /// Steps this statement (a read without parameters) one row: true when it has one, which
    /// `DirectRow(statement: sqliteStatement)` reads until the next step; false when it has no more.
    /// For reading several statements side by side.
    func step(db: Database) throws -> Bool {
        switch sqlite3_step(sqliteStatement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code: throw failure(code, db: db)
        }
    }

    private func bind(_ values: [BoundValue], db: Database) throws {
        sqlite3_reset(sqliteStatement)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .text(nil), .integer(nil): code = sqlite3_bind_null(sqliteStatement, index)
            case .integer(let number?): code = sqlite3_bind_int64(sqliteStatement, index, number)
            case .text(var text?):
                // An empty string has no bytes to point at, and a null pointer would bind NULL.
                guard !text.isEmpty else {
                    code = sqlite3_bind_text(sqliteStatement, index, "", 0, copyNow)
                    break
                }
                code = text.withUTF8 { bytes in
                    bytes.withMemoryRebound(to: CChar.self) {
                        sqlite3_bind_text(sqliteStatement, index, $0.baseAddress, Int32($0.count), copyNow)
                    }
                }
            }
            guard code == SQLITE_OK else { throw failure(code, db: db) }
        }
    }

    private func failure(_ code: Int32, db: Database) -> DatabaseError {
        let message = sqlite3_errmsg(db.sqliteConnection).map { String(cString: $0) }
        return DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: sql)
    }
}

/// The current row of a statement `Statement.forEachRow` is stepping; valid only inside its body.
struct DirectRow {
    let statement: SQLiteStatement

    /// The column's value as text ("" for NULL).
    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(statement, column) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The column's value as text, or nil for NULL.
    func optionalText(_ column: Int32) -> String? {
        sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : text(column)
    }

    /// The column's value as an integer (0 for NULL).
    func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
}
