/// Writes CSV that spreadsheets read back exactly: RFC 4180 quoting, CRLF line ends.
public enum CSVWriter {
    /// The bytes of a whole file: one record per row, each ending in CRLF.
    ///
    /// `separator` `;` and `byteOrderMark` make a file that Excel in comma-decimal locales opens as columns.
    public static func write(_ rows: [[String]], separator: Character = ",", byteOrderMark: Bool = false) -> [UInt8] {
        var bytes: [UInt8] = byteOrderMark ? [0xEF, 0xBB, 0xBF] : []
        for row in rows {
            bytes += line(row, separator: separator).utf8
            bytes += [UInt8(ascii: "\r"), UInt8(ascii: "\n")]
        }
        return bytes
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
