import GRDB
import Synchronization

/// A type read from rows whose columns are its properties' names in snake_case (`variationID` is read from
/// `variation_id`, `scopeIDs` from `scope_ids`), so no record spells its columns out.
protocol SnakeCaseColumns: FetchableRecord, Decodable {}

extension SnakeCaseColumns {
    // Public so that public types (`QueuedScan`, `ScanRecord`) can be read this way too.
    public static var databaseColumnDecodingStrategy: DatabaseColumnDecodingStrategy { .custom(ColumnName.key) }
}

/// A type written to rows whose columns are its properties' names in snake_case (as `SnakeCaseColumns`).
protocol SnakeCaseEncoding: EncodableRecord, Encodable {}

extension SnakeCaseEncoding {
    public static var databaseColumnEncodingStrategy: DatabaseColumnEncodingStrategy { .custom(ColumnName.column) }
}

/// A row of one of the Store's tables, read and written column for column (`SnakeCaseColumns` both ways);
/// with `PersistableRecord`, or `NumberedRecord` when its table numbers its rows.
protocol StoreRecord: SnakeCaseColumns, SnakeCaseEncoding, TableRecord {}

extension StoreRecord where Self: PersistableRecord {
    /// Inserts the row and reads it back as SQLite stored it (its number and defaults filled in), as `T`.
    func insertAndRead<T: FetchableRecord>(_ db: Database, as type: T.Type) throws -> T {
        try insertAndFetch(db, selection: [AllColumns()]) { statement in
            guard let value = try T.fetchOne(statement) else {
                throw StoreError.database(reason: "a \(Self.databaseTableName) row was not read back once inserted")
            }
            return value
        }
    }
}

/// A row of a table that numbers its rows (`id INTEGER PRIMARY KEY AUTOINCREMENT`): `id` is nil until the
/// row is inserted, and set then.
protocol NumberedRecord: StoreRecord, MutablePersistableRecord {
    var id: Int64? { get set }
}

extension NumberedRecord {
    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// The number of a row read from the table (every stored row has one).
    func storedID() throws -> Int64 {
        guard let id else {
            throw StoreError.database(reason: "a \(Self.databaseTableName) row was read without its id")
        }
        return id
    }
}

/// How the Store's property names and column names map: words in camelCase are words in snake_case, and
/// `ID`/`IDs` are the words `id`/`ids`. Each name is worked out once, then remembered (rows are decoded by
/// the thousand, each asking for every column's key).
enum ColumnName {
    /// A coding key made from a column's name.
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private static let columns = Mutex<[String: String]>([:])
    private static let keys = Mutex<[String: String]>([:])

    /// `variationID` → `variation_id`, `scopeIDs` → `scope_ids`, `csrfToken` → `csrf_token`.
    @Sendable static func column(_ key: any CodingKey) -> String {
        remembered(key.stringValue, in: columns) { key in
            var column = ""
            var previous: Character?
            for character in key {
                if character.isUppercase, let previous, !previous.isUppercase { column.append("_") }
                column += character.lowercased()
                previous = character
            }
            return column
        }
    }

    /// `variation_id` → `variationID`, `scope_ids` → `scopeIDs`, `csrf_token` → `csrfToken`.
    @Sendable static func key(_ column: String) -> any CodingKey {
        let key = remembered(column, in: keys) { column in
            let words = column.split(separator: "_", omittingEmptySubsequences: false)
            var key = words.first.map(String.init) ?? ""
            for word in words.dropFirst() {
                switch word {
                case "id": key += "ID"
                case "ids": key += "IDs"
                default: key += word.prefix(1).uppercased() + word.dropFirst()
                }
            }
            return key
        }
        return Key(stringValue: key)
    }

    private static func remembered(
        _ name: String, in names: borrowing Mutex<[String: String]>, _ convert: (String) -> String
    ) -> String {
        if let known = names.withLock({ $0[name] }) { return known }
        let converted = convert(name)
        names.withLock { $0[name] = converted }
        return converted
    }
}
