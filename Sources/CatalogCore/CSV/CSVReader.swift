/// Reads CSV text as RFC 4180 describes it, plus what spreadsheets write in practice.
///
/// Fields may be quoted (`""` is a quote inside quotes) and quoted fields may hold separators and
/// line breaks. Lines end in CRLF or LF. The separator is `,`, `;` or a tab, detected from the first
/// record (outside quotes) unless given. A UTF-8 byte order mark is skipped; any other invalid
/// UTF-8 is an error naming its line. Empty lines are skipped; rows keep their own length.
public enum CSVReader {
    private static let quote = UInt8(ascii: "\"")
    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    /// Reads `bytes` into records with the line each starts on.
    public static func read(_ bytes: [UInt8], separator: Character? = nil) throws(CSVError) -> CSVTable {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        try validateUTF8(body)
        let separatorByte = separator.flatMap(\.asciiValue) ?? detectSeparator(body)
        return CSVTable(
            separator: Character(Unicode.Scalar(separatorByte)), rows: try records(body, separator: separatorByte))
    }

    /// Reads `text` into records with the line each starts on.
    public static func read(_ text: String, separator: Character? = nil) throws(CSVError) -> CSVTable {
        try read(Array(text.utf8), separator: separator)
    }

    /// The separator that occurs most often outside quotes in the first record: `;`, a tab, else `,`.
    static func detectSeparator(_ bytes: ArraySlice<UInt8>) -> UInt8 {
        var counts: [UInt8: Int] = [:]
        var quoted = false
        for byte in bytes {
            if byte == quote {
                quoted.toggle()
            } else if !quoted, byte == newline || byte == carriageReturn {
                if counts.values.contains(where: { $0 > 0 }) { break }
            } else if !quoted, [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t")].contains(byte) {
                counts[byte, default: 0] += 1
            }
        }
        let comma = counts[UInt8(ascii: ","), default: 0]
        let semicolon = counts[UInt8(ascii: ";"), default: 0]
        let tab = counts[UInt8(ascii: "\t"), default: 0]
        if semicolon > comma, semicolon >= tab { return UInt8(ascii: ";") }
        if tab > comma, tab > semicolon { return UInt8(ascii: "\t") }
        return UInt8(ascii: ",")
    }

    /// Throws `invalidUTF8` with the line of the first byte that is not part of a valid UTF-8 sequence.
    static func validateUTF8(_ bytes: ArraySlice<UInt8>) throws(CSVError) {
        if bytes.allSatisfy({ $0 < 0x80 }) { return }
        var line = 1
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.count == 1, encoded.first == newline { line += 1 }
            case .emptyInput:
                return
            case .error:
                throw .invalidUTF8(line: line)
            }
        }
    }

    private static func records(_ bytes: ArraySlice<UInt8>, separator: UInt8) throws(CSVError) -> [CSVRow] {
        var rows: [CSVRow] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var recordLine = 1
        var quoted = false
        var quoteLine = 1
        var wasQuoted = false
        var index = bytes.startIndex

        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
        }
        func endRecord() {
            endField()
            let empty = fields.count == 1 && fields[0].isEmpty && !wasQuoted
            if !empty { rows.append(CSVRow(line: recordLine, fields: fields)) }
            fields.removeAll(keepingCapacity: true)
            wasQuoted = false
        }

        while index < bytes.endIndex {
            let byte = bytes[index]
            index += 1
            if quoted {
                if byte == quote {
                    if index < bytes.endIndex, bytes[index] == quote {
                        field.append(quote)
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    if byte == newline { line += 1 }
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case quote where field.isEmpty:
                quoted = true
                wasQuoted = true
                quoteLine = line
            case separator:
                endField()
            case carriageReturn where index < bytes.endIndex && bytes[index] == newline:
                break
            case newline, carriageReturn:
                endRecord()
                line += 1
                recordLine = line
            default:
                field.append(byte)
            }
        }
        if quoted { throw .unterminatedQuote(line: quoteLine) }
        if !field.isEmpty || !fields.isEmpty || wasQuoted { endRecord() }
        return rows
    }
}
