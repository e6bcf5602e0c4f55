import CatalogCore
import Foundation
import Testing

/// Stock quantities as Square writes them: decimals to five places, never an exponent.
@Suite struct QuantityTests {
    @Test func quantitiesAreReadOnlyAsPlainDecimalsOfAtMostFivePlaces() {
        #expect(Quantity.parse("12") == 12)
        #expect(Quantity.parse(" 1.250 ") == Decimal(string: "1.25"))
        #expect(Quantity.parse("-2") == -2)
        #expect(Quantity.parse("0.00001") == Decimal(string: "0.00001"))
        for bad in ["0.000001", "1,5", "1e3", "1.", ".5", "abc", "", "1 000"] {
            #expect(Quantity.parse(bad) == nil, "\(bad)")
        }
    }

    @Test func theTextSquareGetsHasNoExponentAndNoTrailingZeros() {
        #expect(Quantity.text(Decimal(string: "1.250")!) == "1.25")
        #expect(Quantity.text(2_000_000) == "2000000")
        #expect(Quantity.text(Decimal(string: "0.00001")!) == "0.00001")
        #expect(Quantity.decimals(of: 3) == 0 && Quantity.decimals(of: Decimal(string: "1.125")!) == 3)
    }

    @Test func floatingPointSumsReadBackExactToFivePlaces() {
        #expect(Quantity.rounded(0.1 + 0.2) == Decimal(string: "0.3"))
        #expect(Quantity.rounded(1.25 + 0.1 + 0.2) == Decimal(string: "1.55"))
        #expect(Quantity.rounded(999_999.99999) == Decimal(string: "999999.99999"))
    }
}
