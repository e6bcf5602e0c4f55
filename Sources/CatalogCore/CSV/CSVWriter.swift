/// Writes CSV that spreadsheets read back exactly: RFC 4180 quoting, CRLF line ends.
public enum CSVWriter {
    /// The bytes of a whole file: one record per row, each ending in CRLF.
    ///
    /// `separator` `;` and `byteOrderMark` make a file that Excel in comma-decimal locales opens as columns.
    /// `formulaSafe` writes every cell a spreadsheet would run as a formula as text (see `formulaSafe(_:)`).
    public static func write(
        _ rows: [[String]], separator: Character = ",", byteOrderMark: Bool = false, formulaSafe: Bool = false
    ) -> [UInt8] {
        var bytes: [UInt8] = byteOrderMark ? [0xEF, 0xBB, 0xBF] : []
        for row in rows {
            bytes += line(formulaSafe ? row.map(Self.formulaSafe) : row, separator: separator).utf8
            bytes += [UInt8(ascii: "\r"), UInt8(ascii: "\n")]
        }
        return bytes
    }

    /// `text` with a single quote in front when it begins with = + - @, a tab or a carriage return, so a
    /// spreadsheet shows it as text instead of running it as a formula (`=HYPERLINK(...)` in an item name).
    public static func formulaSafe(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return text }
        return "'" + text
    }

    /// One record without its line end.
    public static func line(_ fields: [String], separator: Character = ",") -> String {
        fields.map { field($0, separator: separator) }.joined(separator: String(separator))
    }

    /// A field, quoted when it holds the separator, a quote, a line break or space at either end.
    public static func field(_ text: String, separator: Character = ",") -> String {
        let separatorScalars = Array(String(separator).unicodeScalars)
        let scalars = text.unicodeScalars
        let needsQuotes =
            scalars.contains { $0 == "\"" || $0 == "\n" || $0 == "\r" || separatorScalars.contains($0) }
            || scalars.first.map { $0.properties.isWhitespace } == true
            || scalars.last.map { $0.properties.isWhitespace } == true
        guard needsQuotes else { return text }
        var quoted = "\""
        for character in text {
            if character == "\"" { quoted.append("\"") }
            quoted.append(character)
        }
        return quoted + "\""
    }
}
