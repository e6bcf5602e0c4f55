import CatalogCore
import Foundation

/// What the values of one column look like: how many are barcodes, codes, prices.
struct ColumnProfile: Equatable {
    /// Values that are not empty.
    var filled = 0
    /// Values that read as a barcode of 8 or more digits with a right check digit.
    var barcodes = 0
    /// Values that look like a SKU or id: one word of letters, digits and `-_./`.
    var codes = 0
    /// Codes with at least one letter.
    var lettered = 0
    /// Values that read as a price.
    var prices = 0
    /// Prices written with a decimal separator or a currency sign.
    var decimals = 0

    init(_ values: [String]) {
        for raw in values {
            let value = raw.trimmingCharacters(in: .whitespaces)
            guard !value.isEmpty else { continue }
            filled += 1
            if Self.looksLikeBarcode(value) { barcodes += 1 }
            if Self.looksLikeCode(value) {
                codes += 1
                if value.contains(where: \.isLetter) { lettered += 1 }
            }
            if Self.looksLikePrice(value) {
                prices += 1
                if value.contains(where: { ".,$€£¥".contains($0) }) { decimals += 1 }
            }
        }
    }

    /// `count` as a fraction of the filled values.
    func fraction(_ count: Int) -> Double { filled == 0 ? 0 : Double(count) / Double(filled) }

    static func looksLikeBarcode(_ value: String) -> Bool {
        value.filter(\.isNumber).count >= 8 && !Barcode.interpretations(of: value).isEmpty
    }

    static func looksLikeCode(_ value: String) -> Bool {
        (1...48).contains(value.count)
            && value.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || "-_./".contains($0) }
            && value.contains(where: { $0.isLetter || $0.isNumber })
    }

    /// Whether `value` reads as a price in some currency: at most 9 whole digits, an optional sign or code.
    static func looksLikePrice(_ value: String) -> Bool {
        var text = value.trimmingCharacters(in: .whitespaces)
        if text.count > 3, text.suffix(3).allSatisfy({ $0.isASCII && $0.isUppercase }) {
            text = String(text.dropLast(3))
        }
        guard text.filter(\.isNumber).count <= 11, let money = try? Money.parse(text, currency: "XXX") else {
            return false
        }
        return money.amount < 100_000_000_000
    }
}
