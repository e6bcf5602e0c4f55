import CatalogCore

/// How a brand writes its SKUs.
enum ShopSKUStyle: CaseIterable {
    /// `AC-WDG-0042-L`: brand, product, item number, option.
    case dashed
    /// `ACW0042L`.
    case compact
    /// `BRD/0042/BL`.
    case slashed
    /// `hw.0142.s`: category code, item number, option, lower case.
    case dotted
    /// `500123`: a running number.
    case numeric
    /// `978-1-1000-0042-3`: the ISBN itself, for books.
    case isbn
}

/// One brand with the codes derived from its name, and how it numbers SKUs and barcodes.
struct ShopBrand {
    let name: String
    /// Index over all brands; keeps each brand's barcode company prefix its own.
    let index: Int
    /// The first two and three ASCII letters of the name, upper case.
    let code2: String
    let code3: String
    let skuStyle: ShopSKUStyle
    /// Whether the brand's barcodes are UPC-A (else EAN-13).
    let usesUPC: Bool

    /// Every brand by sector, numbered across sectors.
    static let all: [[ShopBrand]] = {
        var index = 0
        return ShopWords.brands.enumerated().map { sector, names in
            names.map { name in
                defer { index += 1 }
                let letters = ShopCodes.asciiLetters(name) + "XXX"
                let styles: [ShopSKUStyle] = [.dashed, .compact, .slashed, .dotted, .numeric]
                let style = sector == ShopSector.books.rawValue ? .isbn : styles[(index * 3 + sector) % styles.count]
                return ShopBrand(
                    name: name, index: index, code2: String(letters.prefix(2)), code3: String(letters.prefix(3)),
                    skuStyle: style, usesUPC: index % 3 == 0)
            }
        }
    }()
}

/// Running counters that keep the synthetic shop's names, SKUs and barcodes unique.
struct ShopCodes {
    var names: Set<String> = []
    var skuKeys: Set<String> = []
    var upcCounts: [Int]
    var eanCounts: [Int]
    var ean8Count = 0
    var isbnCount = 0

    init(brands: Int, expectedItems: Int, expectedVariations: Int) {
        upcCounts = Array(repeating: 0, count: brands)
        eanCounts = Array(repeating: 0, count: brands)
        names.reserveCapacity(expectedItems)
        skuKeys.reserveCapacity(expectedVariations)
    }

    /// Claims `name` if no item has it yet (ignoring case).
    mutating func claim(name: String) -> Bool { names.insert(name.lowercased()).inserted }

    /// The next UPC-A of `brand`: number system 0, a company prefix of its own, a product number that
    /// does not start with 00 (so no UPC-E expands to it).
    mutating func nextUPC(brand: Int) -> String {
        let count = upcCounts[brand]
        upcCounts[brand] += 1
        let company = 30_000 + brand * 7 + (count / 90_000) * 1_500
        return Self.gtin(company * 100_000 + 10_000 + count % 90_000, length: 12)
    }

    /// The next EAN-13 of `brand`: a GS1 country prefix (never 0 or 97x), a company prefix, a product number.
    mutating func nextEAN13(brand: Int) -> String {
        let count = eanCounts[brand]
        eanCounts[brand] += 1
        let countries = [50, 40, 30, 80, 87, 54, 76, 84, 57, 70]
        let company = 20_000 + brand * 7 + (count / 100_000) * 1_500
        return Self.gtin(
            countries[brand % countries.count] * 10_000_000_000 + company * 100_000 + count % 100_000, length: 13)
    }

    /// The next EAN-8, starting with 4 to 9 so it never reads as a UPC-E.
    mutating func nextEAN8() -> String {
        ean8Count += 1
        return Self.gtin(4_000_000 + ean8Count, length: 8)
    }

    /// The next ISBN-13, alternating between the 978-1 and 979-8 ranges.
    mutating func nextISBN() -> String {
        isbnCount += 1
        let prefix = isbnCount % 2 == 0 ? 978_1 : 979_8
        return Self.gtin(prefix * 100_000_000 + 10_000_000 + isbnCount / 2, length: 13)
    }

    /// `sku` if no other variation's SKU has the same lookup key, else `sku` with `-serial` added.
    mutating func unique(sku: String, serial: Int) -> String {
        if skuKeys.insert(SKU.key(sku)).inserted { return sku }
        let longer = "\(sku)-\(serial)"
        skuKeys.insert(SKU.key(longer))
        return longer
    }

    /// The GTIN of `length` digits whose first `length - 1` digits are `body` (zero-padded) and whose last is
    /// the GS1 check digit.
    static func gtin(_ body: Int, length: Int) -> String {
        var bytes = [UInt8](repeating: UInt8(ascii: "0"), count: length)
        var rest = body
        var sum = 0
        var tripled = true
        for position in stride(from: length - 2, through: 0, by: -1) {
            let digit = rest % 10
            rest /= 10
            bytes[position] = UInt8(ascii: "0") + UInt8(digit)
            sum += tripled ? digit * 3 : digit
            tripled.toggle()
        }
        bytes[length - 1] = UInt8(ascii: "0") + UInt8((10 - sum % 10) % 10)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// An ISBN-13 written with hyphens, `978-1-1000-0042-3`, as book shops often use for a SKU.
    static func hyphenated(isbn: String) -> String {
        let digits = Array(isbn)
        return "\(String(digits[0..<3]))-\(digits[3])-\(String(digits[4..<8]))-\(String(digits[8..<12]))-\(digits[12])"
    }

    /// The ASCII letters of `text`, upper case (`Ærø Vand` gives `RVAND`).
    static func asciiLetters(_ text: String) -> String {
        String(
            decoding: text.uppercased().utf8.filter { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") },
            as: UTF8.self)
    }

    /// A three-letter product code: the first letter, then the next consonants (`Widget` gives `WDG`).
    static func productCode(_ noun: String) -> String {
        let letters = Array(asciiLetters(noun).utf8)
        guard let first = letters.first else { return "XXX" }
        var code = [first]
        for letter in letters.dropFirst() where code.count < 3 && !"AEIOU".utf8.contains(letter) { code.append(letter) }
        while code.count < 3 { code.append(UInt8(ascii: "X")) }
        return String(decoding: code, as: UTF8.self)
    }

    /// The item number as at least four digits.
    static func padded(_ number: Int) -> String {
        let text = String(number)
        return text.count >= 4 ? text : String(repeating: "0", count: 4 - text.count) + text
    }
}
