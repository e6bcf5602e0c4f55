/// JavaScript with its comments and the spaces it does not need taken out, so the counter page's first load is
/// small. Line breaks are kept (one for any run of them) except where a statement cannot end, so automatic
/// semicolon insertion reads the script as before; strings, template literals and regular expressions are copied as they are. Names are not changed.
/// Anything it cannot read for sure (an unterminated string, a regular expression across a line) gives nil,
/// and the script is then served as written.
enum ScriptMinifier {
    static func minify(_ source: [UInt8]) -> [UInt8]? {
        var reader = Reader(source: source)
        return reader.run()
    }

    private struct Reader {
        let source: [UInt8]
        var index = 0
        var out: [UInt8] = []
        /// Whitespace seen since the last token: none, a space, or a line break.
        var gap: UInt8?
        /// For each `${` open inside a template literal, the `{` opened since within its expression.
        var templates: [Int] = []
        /// Whether a `/` here starts a regular expression (after an operator or a keyword) or divides.
        var regexAllowed = true

        init(source: [UInt8]) { self.source = source }

        mutating func run() -> [UInt8]? {
            out.reserveCapacity(source.count)
            while index < source.count {
                let byte = source[index]
                switch byte {
                case ascii(" "), ascii("\t"), ascii("\r"):
                    if gap == nil { gap = ascii(" ") }
                    index += 1
                case ascii("\n"):
                    gap = ascii("\n")
                    index += 1
                case ascii("/") where peek(1) == ascii("/"):
                    while index < source.count, source[index] != ascii("\n") { index += 1 }
                case ascii("/") where peek(1) == ascii("*"):
                    guard let end = find([ascii("*"), ascii("/")], from: index + 2) else { return nil }
                    if gap == nil { gap = ascii(" ") }
                    index = end + 2
                case ascii("\""), ascii("'"):
                    guard let end = stringEnd(quote: byte) else { return nil }
                    emit(index..<end, regexAfter: false)
                case ascii("`"):
                    guard templateChunk() else { return nil }
                case ascii("}") where templates.last == 0:
                    templates.removeLast()
                    guard templateChunk() else { return nil }
                case ascii("/") where regexAllowed:
                    guard let end = regexEnd() else { return nil }
                    emit(index..<end, regexAfter: false)
                default:
                    if isWord(byte) {
                        var end = index
                        while end < source.count, isWord(source[end]) { end += 1 }
                        let word = String(decoding: source[index..<end], as: UTF8.self)
                        emit(index..<end, regexAfter: Self.keywordsBeforeExpressions.contains(word))
                    } else {
                        if byte == ascii("{"), !templates.isEmpty { templates[templates.count - 1] += 1 }
                        if byte == ascii("}"), !templates.isEmpty { templates[templates.count - 1] -= 1 }
                        emit(index..<index + 1, regexAfter: !Self.endsOperand.contains(byte))
                    }
                }
            }
            guard templates.isEmpty else { return nil }
            out.append(ascii("\n"))
            return out
        }

        /// Copies `range` to the output after the whitespace it needs before it.
        mutating func emit(_ range: Range<Int>, regexAfter: Bool) {
            if let gap, let previous = out.last {
                let next = source[range.lowerBound]
                if gap == ascii("\n") && !Self.continuesOverBreak.contains(previous) {
                    out.append(gap)
                } else if (isWord(previous) && isWord(next))
                    || (previous == next && (next == ascii("+") || next == ascii("-")))
                    || (previous == ascii("/") && (next == ascii("/") || next == ascii("*")))
                    || (isDigit(previous) && next == ascii("."))
                {
                    out.append(ascii(" "))
                }
            }
            gap = nil
            out.append(contentsOf: source[range])
            index = range.upperBound
            regexAllowed = regexAfter
        }

        /// A template literal's text from `index` (its opening backquote, or the `}` ending an expression in it)
        /// to its closing backquote or the next `${`.
        mutating func templateChunk() -> Bool {
            var end = index + 1
            while end < source.count {
                switch source[end] {
                case ascii("\\"): end += 2
                case ascii("`"):
                    emit(index..<end + 1, regexAfter: false)
                    return true
                case ascii("$") where end + 1 < source.count && source[end + 1] == ascii("{"):
                    emit(index..<end + 2, regexAfter: true)
                    templates.append(0)
                    return true
                default: end += 1
                }
            }
            return false
        }

        func stringEnd(quote: UInt8) -> Int? {
            var end = index + 1
            while end < source.count {
                switch source[end] {
                case ascii("\\"): end += 2
                case quote: return end + 1
                case ascii("\n"): return nil
                default: end += 1
                }
            }
            return nil
        }

        func regexEnd() -> Int? {
            var end = index + 1
            var inClass = false
            while end < source.count {
                switch source[end] {
                case ascii("\\"): end += 2
                case ascii("\n"): return nil
                case ascii("["): inClass = true; end += 1
                case ascii("]"): inClass = false; end += 1
                case ascii("/") where !inClass:
                    end += 1
                    while end < source.count, isLetter(source[end]) { end += 1 }
                    return end
                default: end += 1
                }
            }
            return nil
        }

        func peek(_ offset: Int) -> UInt8? { index + offset < source.count ? source[index + offset] : nil }

        func find(_ needle: [UInt8], from start: Int) -> Int? {
            var at = start
            while at + needle.count <= source.count {
                if Array(source[at..<at + needle.count]) == needle { return at }
                at += 1
            }
            return nil
        }

        /// Words after which an expression (so a regular expression) may start.
        static let keywordsBeforeExpressions: Set<String> = [
            "return", "typeof", "case", "do", "else", "in", "of", "void", "delete", "new", "throw", "instanceof",
            "yield", "await",
        ]
        /// Characters after which a statement always goes on, so a line break there tells automatic semicolon
        /// insertion nothing (not `+` or `-`: `i++` may end a statement; not `)`, `]` or `}`).
        static let continuesOverBreak: Set<UInt8> = Set(";{,([=:?&|*%<>!~^".utf8)
        /// Characters that end an operand, after which `/` divides.
        static let endsOperand: Set<UInt8> = [ascii(")"), ascii("]")]
    }
}

private func ascii(_ character: Unicode.Scalar) -> UInt8 { UInt8(character.value) }
private func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= ascii("a") && (byte | 0x20) <= ascii("z") }
private func isDigit(_ byte: UInt8) -> Bool { byte >= ascii("0") && byte <= ascii("9") }
private func isWord(_ byte: UInt8) -> Bool {
    isLetter(byte) || isDigit(byte) || byte == ascii("_") || byte == ascii("$") || byte >= 0x80
}
