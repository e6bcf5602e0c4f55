import GRDB

extension Row {
    /// The enum value in `column`, read strictly: a value this version does not know is an error
    /// (`StoreError.unknownValue`), never a default that would make the row mean something else.
    func known<Value: RawRepresentable>(_ column: String, in table: String) throws -> Value
    where Value.RawValue == String {
        let text: String = self[column] ?? ""
        guard let value = Value(rawValue: text) else {
            throw StoreError.unknownValue(table: table, column: column, value: text)
        }
        return value
    }

    /// Like `known`, for a column that may be NULL (nil then).
    func knownIfPresent<Value: RawRepresentable>(_ column: String, in table: String) throws -> Value?
    where Value.RawValue == String {
        guard (self[column] as String?) != nil else { return nil }
        return try known(column, in: table) as Value
    }
}

/// The enum value a record's `column` of `table` holds, read strictly like `Row.known`.
func known<Value: RawRepresentable>(_ text: String, table: String, column: String) throws -> Value
where Value.RawValue == String {
    guard let value = Value(rawValue: text) else {
        throw StoreError.unknownValue(table: table, column: column, value: text)
    }
    return value
}

/// Like `known`, for a column that may be NULL (nil then).
func knownIfPresent<Value: RawRepresentable>(_ text: String?, table: String, column: String) throws -> Value?
where Value.RawValue == String {
    guard let text else { return nil }
    return try known(text, table: table, column: column) as Value
}
