import CatalogCore
import Foundation
import GRDB

/// How a count's quantity is kept in SQLite: a whole number as an integer, a fraction (a weight) as a
/// floating-point number, read back rounded to Square's five decimals. The column's integer affinity keeps
/// both, and sums of either stay exact to those five decimals.
enum QuantityColumn {
    static func value(_ quantity: Decimal) -> DatabaseValue {
        if Quantity.isWhole(quantity), let whole = Int64(Quantity.text(quantity)) { return whole.databaseValue }
        return NSDecimalNumber(decimal: quantity).doubleValue.databaseValue
    }

    static func quantity(_ value: DatabaseValue) -> Decimal {
        switch value.storage {
        case .int64(let whole): return Decimal(whole)
        case .double(let number): return Quantity.rounded(number)
        case .string(let text): return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? 0
        case .null, .blob: return 0
        }
    }
}
