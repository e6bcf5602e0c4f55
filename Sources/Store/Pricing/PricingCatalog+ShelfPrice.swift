import CatalogCore
import Foundation

extension PricingCatalog {
    /// What one unit of `variation` costs at its summary's location (`variation.at(_:)`) at `moment`.
    ///
    /// The regular price is the location's (LocationTerms). A pricing rule is a sale on one unit when its
    /// match set holds the variation, its item or one of its categories and needs only one unit, its
    /// exclude set does not take that unit out, it is valid on the location's clock (dates and times of day,
    /// and one of its time periods when it has any), it and its discount are at the location, and its
    /// discount is a fixed percentage or amount. Of several, the one that takes the most off wins (Square
    /// applies the best discount for the customer; ties go to the rule whose name sorts first). Rules that
    /// need more units, a minimum order or a customer group become `multiBuy` text, never the price.
    public func shelfPrice(for variation: VariationSummary, facts: PricingFacts, at moment: Timestamp) -> ShelfPrice {
        var shelf = ShelfPrice(regular: variation.price)
        let location = variation.location?.id
        shelf.soldBy = facts.measurementUnitID.flatMap { units[$0] }
        if shelf.soldBy == nil { shelf.netQuantity = NetQuantity.read(facts.names) }
        shelf.taxes = facts.taxIDs.compactMap { taxes[$0] }.filter { $0.enabled && isHere($0.presence, location) }
        for held in facts.taxIDs.compactMap({ heldBack[$0] }) {
            shelf.notUnderstood.append(held)
        }
        guard !rules.isEmpty else { return shelf }
        let local = LocalTime(moment, in: timeZone(at: location))
        let products = facts.productIDs
        for rule in rules {
            guard isHere(rule.presence, location), let matchID = rule.matchID, let match = productSets[matchID],
                holds(match, products)
            else { continue }
            if let reason = unreadableReason(rule) {
                shelf.notUnderstood.append("\(rule.name): \(reason)")
                continue
            }
            guard let discount = rule.discountID.flatMap({ discounts[$0] }), isHere(discount.presence, location)
            else { continue }
            if case .variable = discount.kind { continue }
            var periodEnd: LocalTime?
            if !rule.periodIDs.isEmpty {
                guard let running = rule.periodIDs.compactMap({ periods[$0] }).first(where: { $0.contains(local) })
                else { continue }
                periodEnd = running.end(containing: local)
            }
            guard rule.validFrom.map({ local >= $0 }) ?? true, rule.validUntil.map({ local < $0 }) ?? true else {
                continue
            }
            let excluded =
                rule.excludeID.flatMap { productSets[$0] }.map { holds($0, products) ? $0.unitsNeeded : 0 } ?? 0
            let needed = match.unitsNeeded
            guard let regular = shelf.regular else {
                if needed > 1 || !rule.customerGroups.isEmpty || rule.minimumSubtotal != nil {
                    shelf.multiBuy.append("\(describe(discount)) when you buy \(needed) (\(rule.name))")
                }
                continue
            }
            guard let saving = saving(discount, on: regular) else { continue }
            if needed > 1 || excluded > 0 || !rule.customerGroups.isEmpty || rule.minimumSubtotal != nil {
                if let text = deal(rule, discount, regular: regular, needed: needed, excluded: excluded, saving: saving)
                {
                    shelf.multiBuy.append(text)
                }
                continue
            }
            let ends = [rule.validUntil, periodEnd].compactMap { $0 }.min()
            let sale = Sale(
                ruleID: rule.id, name: rule.name, terms: describe(discount),
                price: Money(amount: regular.amount - saving.amount, currency: regular.currency), saving: saving,
                endsAt: ends.map { end in end.timeOfDay == 0 ? LocalTime(seconds: end.seconds - 1).dateText : end.text }
            )
            if let best = shelf.sale, best.saving.amount >= sale.saving.amount { continue }
            shelf.sale = sale
        }
        return shelf
    }

    /// Every pricing rule left off because its dates or one of its time periods cannot be read, as
    /// `name: reason`.
    public var unreadableRules: [String] {
        rules.compactMap { rule in unreadableReason(rule).map { "\(rule.name): \($0)" } }
    }

    /// Why `rule` cannot be used: an object it names that a sync held back or that is not in the catalog
    /// as the type it must be, its dates, or a time period that is missing or not understood; nil when it
    /// can.
    func unreadableReason(_ rule: Rule) -> String? {
        let named: [(id: String?, kind: String, known: Bool)] = [
            (rule.discountID, "discount", rule.discountID.map { discounts[$0] != nil } ?? true),
            (rule.matchID, "product set", rule.matchID.map { productSets[$0] != nil } ?? true),
            (rule.excludeID, "product set", rule.excludeID.map { productSets[$0] != nil } ?? true),
        ]
        for (id, kind, known) in named {
            guard let id, !known else { continue }
            return heldBack[id] ?? "its \(kind) \(id) is not in the catalog"
        }
        if let held = rule.periodIDs.lazy.compactMap({ self.heldBack[$0] }).first { return held }
        if let dates = rule.unreadableDates { return dates }
        return rule.periodIDs.lazy.compactMap { id in
            (self.periods[id] ?? .notUnderstood("time period \(id) is not in the catalog")).notUnderstoodReason
        }.first
    }

    /// Whether an object with `presence` is at `location`; with no location, only objects at every location.
    func isHere(_ presence: Presence, _ location: String?) -> Bool {
        guard let location else { return presence.everywhere && presence.absent.isEmpty }
        return presence.includes(location)
    }

    /// Whether `set` names any of `products` (directly, or through a product set it lists), or all products.
    func holds(_ set: ProductSet, _ products: Set<String>, depth: Int = 0) -> Bool {
        if set.allProducts { return true }
        guard depth < 4 else { return false }
        return (set.any + set.all).contains { id in
            products.contains(id) || productSets[id].map { holds($0, products, depth: depth + 1) } ?? false
        }
    }

    /// How much `discount` takes off one unit priced `regular`: never more than the price, nor than the
    /// discount's maximum; nil when its amount is in another currency.
    func saving(_ discount: DiscountTerms, on regular: Money) -> Money? {
        var off: Int64
        switch discount.kind {
        case .percentage(let percent): off = Self.rounded(Decimal(regular.amount) * percent / 100)
        case .amount(let money):
            guard money.currency == regular.currency else { return nil }
            off = money.amount
        case .variable: return nil
        }
        if let maximum = discount.maximum, maximum.currency == regular.currency { off = min(off, maximum.amount) }
        return Money(amount: max(0, min(off, regular.amount)), currency: regular.currency)
    }

    /// `20% off`, `1.00 GBP off`.
    func describe(_ discount: DiscountTerms) -> String {
        switch discount.kind {
        case .percentage(let percent): return "\(percent)% off"
        case .amount(let money): return "\(money.formatted) off"
        case .variable: return "a discount"
        }
    }

    /// A deal that needs more than one unit, a minimum order or a customer group, as one line of text:
    /// `2 for 5.00 GBP (Meal deal)`, `Members: 10% off (Loyalty)`, `10% off orders of 20.00 GBP or more`.
    func deal(
        _ rule: Rule, _ discount: DiscountTerms, regular: Money, needed: Int, excluded: Int, saving: Money
    ) -> String? {
        var text = describe(discount)
        if needed > 1 {
            let discounted = Int64(max(needed - excluded, 0))
            guard discounted > 0 else { return nil }
            if case .percentage = discount.kind {
                // A percentage comes off each discounted unit, so the group's price is certain.
                let total = regular.amount * Int64(needed) - saving.amount * discounted
                text = "\(needed) for \(Money(amount: total, currency: regular.currency).formatted)"
            } else {
                // Whether an amount comes off each unit or the group once is Square's checkout's to say, so
                // the text states the rule, not a total.
                text = "buy \(needed): \(text)"
            }
        }
        if let minimum = rule.minimumSubtotal { text += " on orders of \(minimum.formatted) or more" }
        if !rule.customerGroups.isEmpty { text = "Members: " + text }
        return text + " (\(rule.name))"
    }

    /// `value` rounded half away from zero to a whole number.
    public static func rounded(_ value: Decimal) -> Int64 {
        var input = value
        var result = Decimal()
        NSDecimalRound(&result, &input, 0, .plain)
        return NSDecimalNumber(decimal: result).int64Value
    }
}

extension TimePeriod {
    /// Why it could not be read; nil when it could.
    var notUnderstoodReason: String? {
        if case .notUnderstood(let reason) = self { return reason }
        return nil
    }
}
