/// CSS with its comments and the line breaks it does not need taken out, as the scripts are (ScriptMinifier):
/// a line break goes where it can only separate tokens already separated (after `{`, `}`, `;` or `,`, before
/// `}`), and becomes a space elsewhere. Quoted strings are copied as they are; an unterminated comment or
/// string gives nil, and the style sheet is then served as written.
enum StyleMinifier {
    static func minify(_ source: [UInt8]) -> [UInt8]? {
        let (slash, star, newline, space) = (
            UInt8(ascii: "/"), UInt8(ascii: "*"), UInt8(ascii: "\n"), UInt8(ascii: " ")
        )
        let separators: Set<UInt8> = Set("{};,".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(source.count)
        var index = 0
        while index < source.count {
            let byte = source[index]
            if byte == slash, index + 1 < source.count, source[index + 1] == star {
                var end = index + 2
                while end + 1 < source.count, !(source[end] == star && source[end + 1] == slash) { end += 1 }
                guard end + 1 < source.count else { return nil }
                index = end + 2
                continue
            }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                var end = index + 1
                while end < source.count, source[end] != byte, source[end] != newline {
                    end += source[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard end < source.count, source[end] == byte else { return nil }
                out += source[index...end]
                index = end + 1
                continue
            }
            if byte == newline || byte == UInt8(ascii: "\r") {
                var next = index
                while next < source.count, [newline, UInt8(ascii: "\r"), space].contains(source[next]) { next += 1 }
                let before = out.last { $0 != space }
                let after = next < source.count ? source[next] : nil
                if let before, !separators.contains(before), after != UInt8(ascii: "}"), after != nil,
                    out.last != space
                {
                    out.append(space)
                }
                index = next
                continue
            }
            out.append(byte)
            index += 1
        }
        return out
    }
}
