extension Barcode {
    /// Every valid reading of `text` (spaces and hyphens ignored), most likely first; empty when there is none.
    ///
    /// An 8-digit code starting with 0 or 1 can be both a UPC-E and a GTIN-8 with a right check digit;
    /// the UPC-E reading comes first, as GTIN-8 codes starting with 0 are for restricted circulation.
    public static func interpretations(of text: String) -> [Barcode] {
        guard let code = cleaned(text) else { return [] }
        return candidates(for: code)
            .filter { $0.expected == $0.found }
            .map { Barcode(kind: $0.kind, gtin14: $0.gtin14) }
    }

    /// The error that explains why `text` has no valid reading.
    static func error(for text: String) -> BarcodeError {
        let shown = text.trimmingWhitespace()
        guard let code = cleaned(text),
            let first = candidates(for: code).first(where: { $0.expected != $0.found })
        else { return .notABarcode(shown) }
        return .badCheckDigit(input: shown, kind: first.kind, expected: first.expected, found: first.found)
    }

    /// One way of reading a code: the family, the check character it should have and the one it has.
    private struct Candidate {
        let kind: Kind
        let expected: Character
        let found: Character
        let gtin14: String
    }

    /// The ASCII bytes of `text` without spaces and hyphens, or nil when something else is not a digit.
    /// An `X` is allowed only as the tenth of ten characters (the ISBN-10 check character).
    ///
    /// Bytes, not `Character`s: every variation a sync stores and every search reads its code here, and
    /// grapheme clusters cost an allocation each.
    private static func cleaned(_ text: String) -> [UInt8]? {
        var code: [UInt8]
        if !text.isEmpty, text.utf8.allSatisfy(isASCIIDigit) {
            code = Array(text.utf8)
        } else {
            code = []
            for character in text where !character.isWhitespace && character != "-" {
                guard let ascii = character.asciiValue else { return nil }
                code.append(ascii)
            }
        }
        for (offset, byte) in code.enumerated() where !isASCIIDigit(byte) {
            let isISBNCheck =
                code.count == 10 && offset == 9 && (byte == UInt8(ascii: "X") || byte == UInt8(ascii: "x"))
            if !isISBNCheck { return nil }
        }
        return code.isEmpty ? nil : code
    }

    private static func isASCIIDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// The values of bytes already checked to be ASCII digits.
    private static func digitValues(_ code: ArraySlice<UInt8>) -> [Int] {
        code.map { Int($0 &- 0x30) }
    }

    private static func digitCharacter(_ value: Int) -> Character {
        Character(Unicode.Scalar(UInt8(0x30 + value)))
    }

    /// The 14-digit key: `digits` with leading zeros (a small string, so no allocation).
    private static func padded(_ digits: [Int]) -> String {
        var text = [UInt8](repeating: 0x30, count: 14)
        for (offset, digit) in digits.enumerated() { text[14 - digits.count + offset] = UInt8(0x30 + digit) }
        return String(decoding: text, as: UTF8.self)
    }

    /// The readings the length of the code allows, each with its expected and actual check character.
    private static func candidates(for code: [UInt8]) -> [Candidate] {
        let all = code[...]
        switch code.count {
        case 6:
            return [upcECandidate(numberSystem: 0, body: digitValues(all), check: nil)].compactMap { $0 }
        case 7:
            let digits = digitValues(all)
            return [upcECandidate(numberSystem: digits[0], body: Array(digits.dropFirst()), check: nil)]
                .compactMap { $0 }
        case 8:
            let digits = digitValues(all)
            let upcE = upcECandidate(numberSystem: digits[0], body: Array(digits[1...6]), check: digits[7])
            return [upcE, gs1Candidate(kind: .gtin8, digits: digits)].compactMap { $0 }
        case 10:
            return [isbn10Candidate(code)]
        case 11:
            var digits = digitValues(all)
            let check = gs1CheckDigit(digits)
            let character = digitCharacter(check)
            digits.append(check)
            return [Candidate(kind: .upcA, expected: character, found: character, gtin14: padded(digits))]
        case 12:
            return [gs1Candidate(kind: .upcA, digits: digitValues(all))].compactMap { $0 }
        case 13:
            return [gs1Candidate(kind: .ean13, digits: digitValues(all))].compactMap { $0 }
        case 14:
            return [gs1Candidate(kind: .gtin14, digits: digitValues(all))].compactMap { $0 }
        default:
            return []
        }
    }

    /// A GS1 code whose last digit is its check digit (none for no digits).
    private static func gs1Candidate(kind: Kind, digits: [Int]) -> Candidate? {
        guard let found = digits.last else { return nil }
        var key = digits
        let expected = gs1CheckDigit(digits.dropLast())
        key[key.count - 1] = expected
        return Candidate(
            kind: kind, expected: digitCharacter(expected), found: digitCharacter(found), gtin14: padded(key))
    }

    /// A UPC-E code: number system 0 or 1, six body digits and the check digit of its UPC-A expansion
    /// (computed when `check` is nil).
    private static func upcECandidate(numberSystem: Int, body: [Int], check: Int?) -> Candidate? {
        guard numberSystem == 0 || numberSystem == 1, body.count == 6 else { return nil }
        let expanded = [numberSystem] + expandUPCE(body)
        let expected = gs1CheckDigit(expanded)
        return Candidate(
            kind: .upcE, expected: digitCharacter(expected), found: digitCharacter(check ?? expected),
            gtin14: padded(expanded + [expected]))
    }

    /// The ten UPC-A digits between number system and check digit that six UPC-E digits stand for.
    static func expandUPCE(_ body: [Int]) -> [Int] {
        let (d1, d2, d3, d4, d5, d6) = (body[0], body[1], body[2], body[3], body[4], body[5])
        switch d6 {
        case 0, 1, 2: return [d1, d2, d6, 0, 0, 0, 0, d3, d4, d5]
        case 3: return [d1, d2, d3, 0, 0, 0, 0, 0, d4, d5]
        case 4: return [d1, d2, d3, d4, 0, 0, 0, 0, 0, d5]
        default: return [d1, d2, d3, d4, d5, 0, 0, 0, 0, d6]
        }
    }

    /// An ISBN-10, which becomes the ISBN-13 `978` + its nine digits + a new GS1 check digit.
    private static func isbn10Candidate(_ code: [UInt8]) -> Candidate {
        let digits = digitValues(code[..<9])
        var sum = 0
        for (offset, digit) in digits.enumerated() { sum += digit * (10 - offset) }
        let check = (11 - sum % 11) % 11
        let expected: Character = check == 10 ? "X" : digitCharacter(check)
        let found = Character(Unicode.Scalar(code[9] == UInt8(ascii: "x") ? UInt8(ascii: "X") : code[9]))
        let isbn13Body = [9, 7, 8] + digits
        return Candidate(
            kind: .isbn10, expected: expected, found: found, gtin14: padded(isbn13Body + [gs1CheckDigit(isbn13Body)]))
    }
}

extension String {
    /// The string without leading and trailing whitespace (line breaks included). Swift's own, where
    /// Foundation's `trimmingCharacters(in:)` goes through NSString: its first use in a process cost a
    /// search about 0.3 ms.
    public func trimmingWhitespace() -> String {
        guard let start = firstIndex(where: { !$0.isWhitespace }), let end = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[start...end])
    }
}
