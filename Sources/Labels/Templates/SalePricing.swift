import CatalogCore

/// Works out a sale price: a discount, then a rounding rule.
public struct SalePricing: Sendable, Hashable {
    /// What comes off the regular price.
    public var discount: Discount
    /// How the result is rounded.
    public var rounding: SaleRounding

    /// A sale of `discount`, rounded by `rounding` (to the cent unless said otherwise).
    public init(discount: Discount, rounding: SaleRounding = .cent) {
        self.discount = discount
        self.rounding = rounding
    }

    /// The sale price for `regular`, never below zero.
    ///
    /// `cent` rounds the discounted amount half up to the currency's smallest unit. `99` and `95` then
    /// go down to the nearest price ending in .99 (or .95), never above the discounted price; when the
    /// discounted price is below 0.99 (0.95) the result is 0.99 (0.95) unless that is above the regular
    /// price, when the cent-rounded price stays. For currencies without two decimals (yen) the ending
    /// is in the last two digits (¥1199).
    public func salePrice(for regular: Money) -> Money {
        let discounted = Self.discounted(regular, by: discount)
        guard let ending = rounding.ending else { return discounted }
        let exponent = regular.minorUnitExponent
        let step: Int64 = exponent >= 2 ? power10(exponent) : 100
        let endingUnits = exponent >= 2 ? Int64(ending) * power10(exponent - 2) : Int64(ending)
        let amount = discounted.amount
        var rounded = (amount / step) * step + endingUnits
        if rounded > amount { rounded -= step }
        if rounded < 0 { rounded = endingUnits <= regular.amount ? endingUnits : amount }
        return Money(amount: rounded, currency: regular.currency)
    }

    /// `data` as a sale tag shows it: its price becomes the regular price, the sale price the price.
    /// Variable-priced items (no price) are left as they are. A discount that takes the price to zero makes
    /// the item free, as Square does at the till: the tag says so (`LabelData.isFree`), never 0.00.
    public func apply(to data: LabelData) -> LabelData {
        guard let price = data.price else { return data }
        var tag = data
        tag.regularPrice = price
        tag.price = salePrice(for: price)
        return tag
    }

    /// `price` less `discount`, rounded half up to the smallest unit, never below zero.
    static func discounted(_ price: Money, by discount: Discount) -> Money {
        switch discount {
        case .percent(let basisPoints):
            let kept = price.amount.multipliedReportingOverflow(by: Int64(10_000 - basisPoints))
            let amount =
                kept.overflow
                ? price.amount / 10_000 * Int64(10_000 - basisPoints) : (kept.partialValue + 5_000) / 10_000
            return Money(amount: max(0, amount), currency: price.currency)
        case .amount(let digits, let decimals):
            let exponent = price.minorUnitExponent
            let off: Int64
            if decimals <= exponent {
                off = digits * power10(exponent - decimals)
            } else {
                let divisor = power10(decimals - exponent)
                off = (digits + divisor / 2) / divisor
            }
            return Money(amount: max(0, price.amount - off), currency: price.currency)
        }
    }
}

extension SaleRounding {
    /// The last two digits a rounded price ends in, or nil for `cent`.
    var ending: Int? {
        switch self {
        case .cent: return nil
        case .ninetyNine: return 99
        case .ninetyFive: return 95
        }
    }
}

private func power10(_ exponent: Int) -> Int64 {
    var value: Int64 = 1
    for _ in 0..<max(0, exponent) { value *= 10 }
    return value
}
