/// One record of a CSV file and the line it starts on.
public struct CSVRow: Equatable, Sendable {
    /// The 1-based line of the file where the record starts (a quoted field may span more lines).
    public var line: Int
    /// The fields in file order; rows may have different lengths.
    public var fields: [String]

    /// A record starting on `line` with `fields`.
    public init(line: Int, fields: [String]) {
        self.line = line
        self.fields = fields
    }

    /// The field at 0-based `index`, or an empty string when the row is shorter.
    public subscript(field index: Int) -> String {
        index >= 0 && index < fields.count ? fields[index] : ""
    }
}

/// The records of a CSV file and the separator they were read with.
public struct CSVTable: Equatable, Sendable {
    /// The field separator: `,`, `;` or a tab.
    public var separator: Character
    /// Every record that is not an empty line, in file order.
    public var rows: [CSVRow]

    /// A table of `rows` separated by `separator`.
    public init(separator: Character, rows: [CSVRow]) {
        self.separator = separator
        self.rows = rows
    }
}
