import CatalogCore
import Testing

@Suite struct BarcodeTests {
    @Test(arguments: [
        ("96385074", Barcode.Kind.gtin8, "00000096385074"),
        ("04252614", .upcE, "00042100005264"),
        ("425261", .upcE, "00042100005264"),
        ("0425261", .upcE, "00042100005264"),
        ("036000291452", .upcA, "00036000291452"),
        ("03600029145", .upcA, "00036000291452"),
        ("4006381333931", .ean13, "04006381333931"),
        ("9780306406157", .ean13, "09780306406157"),
        ("10012345678902", .gtin14, "10012345678902"),
        ("0306406152", .isbn10, "09780306406157"),
    ])
    func readsEveryFamily(text: String, kind: Barcode.Kind, gtin14: String) throws {
        let barcode = try Barcode(text)
        #expect(barcode.kind == kind)
        #expect(barcode.gtin14 == gtin14)
    }

    @Test func sameItemFromEverySpelling() throws {
        let spellings = [
            "036000291452", "03600029145", "0036000291452", "00036000291452", "0 36000 29145 2",
            "0-36000-29145-2", " 036000291452\n",
        ]
        let keys = try Set(spellings.map { try Barcode($0).gtin14 })
        #expect(keys == ["00036000291452"])
        let barcode = try Barcode("00036000291452")
        #expect(barcode.upcA == "036000291452")
        #expect(barcode.gtin13 == "0036000291452")
        #expect(barcode.description == "036000291452")
    }

    @Test func isbn10AndIsbn13AreTheSameBook() throws {
        let isbn10 = try Barcode("0-306-40615-2")
        let isbn13 = try Barcode("978-0-306-40615-7")
        #expect(isbn10.gtin14 == isbn13.gtin14)
        #expect(isbn10.gtin13 == "9780306406157")
        #expect(isbn10.upcA == nil)
    }

    @Test(arguments: [("080442957X", "9780804429573"), ("0-439-42089-x", "9780439420891")])
    func isbn10WithX(text: String, isbn13: String) throws {
        let barcode = try Barcode(text)
        #expect(barcode.kind == .isbn10)
        #expect(barcode.gtin13 == isbn13)
    }

    @Test func isbn10WithWrongCheckSaysX() {
        #expect(throws: BarcodeError.badCheckDigit(input: "0804429575", kind: .isbn10, expected: "X", found: "5")) {
            try Barcode("0804429575")
        }
    }

    @Test func eightDigitsCanBeBothUPCEAndGTIN8() throws {
        let readings = Barcode.interpretations(of: "00079198")
        #expect(readings.map(\.kind) == [.upcE, .gtin8])
        #expect(readings.map(\.gtin14) == ["00000791000098", "00000000079198"])
        #expect(readings[0].upcA == "000791000098")
        #expect(readings[1].gtin8 == "00079198")
        #expect(readings[1].upcA == nil)
        #expect(try Barcode("00079198") == readings[0])
    }

    @Test func eightDigitsNotStartingWithZeroOrOneAreOnlyGTIN8() {
        #expect(Barcode.interpretations(of: "96385074").map(\.kind) == [.gtin8])
    }

    /// One case per rule of the UPC-E expansion: last digit 0-2, 3, 4 and 5-9, and number system 1.
    @Test(arguments: [
        ("01234505", "012000003455"),
        ("01234514", "012100003454"),
        ("01234523", "012200003453"),
        ("01234531", "012300000451"),
        ("01234543", "012340000053"),
        ("01234558", "012345000058"),
        ("01234596", "012345000096"),
        ("12345656", "123456000056"),
        ("1234565", "123456000056"),
    ])
    func upcEExpansion(upcE: String, upcA: String) throws {
        let barcode = try #require(Barcode.interpretations(of: upcE).first { $0.kind == .upcE })
        #expect(barcode.upcA == upcA)
        #expect(try Barcode(upcA).gtin14 == barcode.gtin14)
    }

    @Test func sevenDigitUPCENeedsNumberSystemZeroOrOne() {
        #expect(Barcode.interpretations(of: "2234565").isEmpty)
        #expect(throws: BarcodeError.notABarcode("2234565")) { try Barcode("2234565") }
    }

    @Test(arguments: [
        ("4006381333932", Barcode.Kind.ean13, Character("1"), Character("2")),
        ("036000291453", .upcA, "2", "3"),
        ("10012345678901", .gtin14, "2", "1"),
        ("96385075", .gtin8, "4", "5"),
        ("04252615", .upcE, "4", "5"),
    ])
    func badCheckDigitSaysTheExpectedDigit(text: String, kind: Barcode.Kind, expected: Character, found: Character) {
        #expect(Barcode.interpretations(of: text).isEmpty)
        do {
            _ = try Barcode(text)
            Issue.record("\(text) was accepted")
        } catch {
            #expect(error == .badCheckDigit(input: text, kind: kind, expected: expected, found: found))
            #expect(error.description.contains("it should be \(expected)"))
        }
    }

    @Test func badCheckDigitMessage() {
        let error = BarcodeError.badCheckDigit(input: "4006381333932", kind: .ean13, expected: "1", found: "2")
        #expect(
            error.description
                == "“4006381333932” looks like an EAN-13 but its check digit is 2; it should be 1. Check the number.")
    }

    @Test(arguments: ["AB-12", "", "   ", "12345", "123456789", "1234567890123456", "03600029145X", "12X4567890"])
    func notABarcode(text: String) {
        #expect(Barcode.interpretations(of: text).isEmpty)
        do {
            _ = try Barcode(text)
            Issue.record("\(text) was accepted")
        } catch {
            guard case .notABarcode = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(error.description.hasPrefix("“\(text.trimmingCharacters())” is not a barcode ("))
        }
    }

    @Test func gs1CheckDigitStillWorks() {
        #expect(Barcode.gs1CheckDigit([4, 0, 0, 6, 3, 8, 1, 3, 3, 3, 9, 3]) == 1)
        #expect(Barcode.gs1CheckDigit([Int]()) == 0)
    }
}

extension String {
    fileprivate func trimmingCharacters() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
