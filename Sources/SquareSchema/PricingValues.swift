import CatalogCore

/// Square's written rules on the values of one pricing object, which its OpenAPI schemas do not state:
/// a discount's or tax's percentage is a plain decimal from 0 to 100 (a tax's with at most 4 decimals), a
/// fixed discount says its percentage or amount, an amount is in the seller's currency, a product set
/// names its products one way, and a pricing rule names its discount and match set.
///
/// One rule for both sides: the sandbox refuses an upsert that breaks one, and a sync holds back an
/// object Square sent that breaks one, so no price is ever worked out from it. Rules between objects (a
/// rule's references exist and have the right types) are the caller's: they need the other objects.
public enum PricingValues {
    /// One broken rule: Square's error code, the field it names, and why, in words that do not repeat the
    /// object's id.
    public struct Violation: Sendable, Equatable, CustomStringConvertible {
        public var code: String
        public var field: String
        public var reason: String

        public var description: String { reason }
    }

    /// The first rule `object` breaks; nil when it keeps them all (or is not a pricing object). With
    /// `sellerCurrencies`, a discount's amounts must be in one of them; empty or nil skips that check.
    public static func violation(of object: JSONValue, sellerCurrencies: Set<String>? = nil) -> Violation? {
        switch object["type"]?.stringValue {
        case "DISCOUNT": return discount(object["discount_data"] ?? .null, sellerCurrencies: sellerCurrencies ?? [])
        case "TAX": return percentage(object["tax_data"]?["percentage"], decimals: 4, field: "tax_data.percentage")
        case "PRODUCT_SET": return productSet(object["product_set_data"] ?? .null)
        case "PRICING_RULE":
            let data = object["pricing_rule_data"] ?? .null
            return ["discount_id", "match_products_id"].lazy.filter { data[$0]?.stringValue == nil }.first.map {
                Violation(
                    code: "MISSING_REQUIRED_PARAMETER", field: "pricing_rule_data.\($0)",
                    reason: "a pricing rule needs pricing_rule_data.\($0)")
            }
        default: return nil
        }
    }

    /// The currencies of a discount's amounts (`amount_money`, `maximum_amount_money`), which must be the
    /// seller's; empty for any other object.
    public static func currencies(of object: JSONValue) -> [String] {
        guard object["type"]?.stringValue == "DISCOUNT", let data = object["discount_data"] else { return [] }
        return ["amount_money", "maximum_amount_money"].compactMap { data[$0]?["currency"]?.stringValue }
    }

    static func discount(_ data: JSONValue, sellerCurrencies: Set<String>) -> Violation? {
        let needs = ["FIXED_PERCENTAGE": "percentage", "FIXED_AMOUNT": "amount_money"]
        if let type = data["discount_type"]?.stringValue, let field = needs[type], data[field] == nil {
            return Violation(
                code: "MISSING_REQUIRED_PARAMETER", field: "discount_data.\(field)",
                reason: "a \(type) discount needs discount_data.\(field)")
        }
        if let broken = percentage(data["percentage"], decimals: nil, field: "discount_data.percentage") {
            return broken
        }
        for key in ["amount_money", "maximum_amount_money"] {
            if let amount = data[key]?["amount"]?.int64Value, amount < 0 {
                return Violation(
                    code: "INVALID_VALUE", field: "discount_data.\(key).amount",
                    reason: "an amount off cannot be below zero (\(key) is \(amount))")
            }
            if let currency = data[key]?["currency"]?.stringValue,
                var broken = foreign([currency], sellerCurrencies: sellerCurrencies)
            {
                broken.field = "discount_data.\(key).currency"
                return broken
            }
        }
        return nil
    }

    /// The first of a discount's `currencies` that is not one of `sellerCurrencies` (none when those are
    /// not known yet).
    public static func foreign(_ currencies: [String], sellerCurrencies: Set<String>) -> Violation? {
        guard !sellerCurrencies.isEmpty, let other = currencies.first(where: { !sellerCurrencies.contains($0) })
        else { return nil }
        return Violation(
            code: "INVALID_VALUE", field: "discount_data.amount_money.currency",
            reason: "its amount is in \(other), but the shop's prices are in "
                + sellerCurrencies.sorted().joined(separator: " and "))
    }

    /// A percentage that is not a decimal from 0 to 100 written with a `.` and no sign (with at most
    /// `decimals` digits after the point, when given).
    static func percentage(_ value: JSONValue?, decimals: Int?, field: String) -> Violation? {
        guard let value, !value.isNull else { return nil }
        let text = value.stringValue ?? value.jsonString
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let digits = parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
        let fraction = parts.count == 2 ? parts[1].count : 0
        guard digits, let number = Double(text), (0...100).contains(number) else {
            return Violation(
                code: "INVALID_VALUE", field: field,
                reason: "its percentage “\(text)” is not a decimal number from 0 to 100")
        }
        if let decimals, fraction > decimals {
            return Violation(
                code: "INVALID_VALUE", field: field,
                reason: "its percentage “\(text)” has more than \(decimals) digits after the point")
        }
        return nil
    }

    static func productSet(_ data: JSONValue) -> Violation? {
        let kinds = ["product_ids_any", "product_ids_all", "all_products"].filter { data[$0] != nil }
        guard kinds.count == 1 else {
            return Violation(
                code: "INVALID_VALUE", field: "product_set_data",
                reason: "a product set must set exactly one of product_ids_any, product_ids_all and all_products")
        }
        if data["quantity_exact"] != nil, data["quantity_min"] != nil || data["quantity_max"] != nil {
            return Violation(
                code: "INVALID_VALUE", field: "product_set_data.quantity_exact",
                reason: "a product set's quantity_exact cannot be combined with a minimum or maximum")
        }
        return nil
    }
}
