extension Barcode {
    /// Every valid reading of `text` (spaces and hyphens ignored), most likely first; empty when there is none.
    ///
    /// An 8-digit code starting with 0 or 1 can be both a UPC-E and a GTIN-8 with a right check digit;
    /// the UPC-E reading comes first, as GTIN-8 codes starting with 0 are for restricted circulation.
    public static func interpretations(of text: String) -> [Barcode] {
        guard let characters = cleaned(text) else { return [] }
        return candidates(for: characters)
            .filter { $0.expected == $0.found }
            .map { Barcode(kind: $0.kind, gtin14: $0.gtin14) }
    }

    /// The error that explains why `text` has no valid reading.
    static func error(for text: String) -> BarcodeError {
        let shown = text.trimmingWhitespace()
        guard let characters = cleaned(text),
            let first = candidates(for: characters).first(where: { $0.expected != $0.found })
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

    /// The characters of `text` without spaces and hyphens, or nil when something else is not a digit.
    /// An `X` is allowed only as the tenth of ten characters (the ISBN-10 check character).
    private static func cleaned(_ text: String) -> [Character]? {
        let allDigits = !text.isEmpty && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        let characters = allDigits ? Array(text) : text.filter { !$0.isWhitespace && $0 != "-" }.map { $0 }
        for (offset, character) in characters.enumerated() where !isASCIIDigit(character) {
            let isISBNCheck = characters.count == 10 && offset == 9 && (character == "X" || character == "x")
            if !isISBNCheck { return nil }
        }
        return characters.isEmpty ? nil : characters
    }

    private static func isASCIIDigit(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return false }
        return ascii >= 0x30 && ascii <= 0x39
    }

    /// The values of characters already checked to be ASCII digits.
    private static func digitValues(_ characters: ArraySlice<Character>) -> [Int] {
        characters.map { $0.wholeNumberValue ?? 0 }
    }

    private static func digitCharacter(_ value: Int) -> Character { Character(String(value)) }

    private static func padded(_ digits: [Int]) -> String {
        String(repeating: "0", count: 14 - digits.count) + digits.map(String.init).joined()
    }

    /// The readings the length of the code allows, each with its expected and actual check character.
    private static func candidates(for characters: [Character]) -> [Candidate] {
        let all = characters[...]
        switch characters.count {
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
            return [isbn10Candidate(characters)]
        case 11:
            let body = digitValues(all)
            let check = gs1CheckDigit(body)
            let character = digitCharacter(check)
            return [Candidate(kind: .upcA, expected: character, found: character, gtin14: padded(body + [check]))]
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
        let body = Array(digits.dropLast())
        let expected = gs1CheckDigit(body)
        return Candidate(
            kind: kind, expected: digitCharacter(expected), found: digitCharacter(found),
            gtin14: padded(body + [expected]))
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
    private static func isbn10Candidate(_ characters: [Character]) -> Candidate {
        let digits = digitValues(characters[..<9])
        var sum = 0
        for (offset, digit) in digits.enumerated() { sum += digit * (10 - offset) }
        let check = (11 - sum % 11) % 11
        let expected: Character = check == 10 ? "X" : digitCharacter(check)
        let found = Character(characters[9].uppercased())
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
