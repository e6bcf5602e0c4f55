import CatalogCore
import SquareSchema

extension CatalogState {
    /// What names the pricing objects a rule depends on: each reference field of `pricing_rule_data` and
    /// the type its id must have.
    static let ruleReferences: [(field: String, type: String)] = [
        ("discount_id", "DISCOUNT"), ("match_products_id", "PRODUCT_SET"), ("exclude_products_id", "PRODUCT_SET"),
        ("apply_products_id", "PRODUCT_SET"),
    ]

    /// Square's checks on the pricing objects of one staged batch: each object's own values keep Square's
    /// written rules (`PricingValues`, the rule a sync also holds objects back by), and a pricing rule names
    /// a discount and product sets that exist (in the batch or already), and only existing time periods.
    func checkPricing(_ staged: [String: StoredObject]) throws(APIError) {
        func live(_ id: String, _ type: String) -> Bool {
            let object = staged[id] ?? objects[id]
            return object.map { $0.type == type && !$0.isDeleted } ?? false
        }
        let currencies = Set([sellerCurrency].compactMap { $0 })
        for (id, object) in staged.sorted(by: { $0.key < $1.key }) where !object.isDeleted {
            if let broken = PricingValues.violation(of: object.json, sellerCurrencies: currencies) {
                throw .invalid(broken.code, "\(object.type) \(id): \(broken.reason).", field: broken.field)
            }
            guard object.type == "PRICING_RULE" else { continue }
            let data = object.json["pricing_rule_data"] ?? .null
            for (field, type) in Self.ruleReferences {
                guard let target = data[field]?.stringValue else { continue }
                guard live(target, type) else {
                    throw .invalid(
                        "INVALID_VALUE", "Pricing rule \(id): \(field) \(target) does not name a \(type).",
                        field: "pricing_rule_data.\(field)")
                }
            }
            for period in data["time_period_ids"]?.arrayValue ?? [] {
                guard let target = period.stringValue, live(target, "TIME_PERIOD") else {
                    throw .invalid(
                        "INVALID_VALUE", "Pricing rule \(id): time period \(period) does not name a TIME_PERIOD.",
                        field: "pricing_rule_data.time_period_ids")
                }
            }
        }
    }

    /// Refuses to delete a discount, product set or time period that a live pricing rule (one not being
    /// deleted with it) still names, as Square does.
    func checkPricingDeletion(_ ids: Set<String>) throws(APIError) {
        for (ruleID, rule) in objects where rule.type == "PRICING_RULE" && !rule.isDeleted && !ids.contains(ruleID) {
            let data = rule.json["pricing_rule_data"] ?? .null
            let named =
                Self.ruleReferences.compactMap { data[$0.field]?.stringValue }
                + (data["time_period_ids"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            if let used = named.first(where: ids.contains), let object = objects[used], !object.isDeleted {
                throw .invalid(
                    "INVALID_VALUE",
                    "\(object.type) \(used) is used by pricing rule \(ruleID); delete or change the rule first.",
                    field: "object_id")
            }
        }
    }
}

extension CatalogState {
    /// The seller's currency: the main (first) location's, as every price and amount of the seller is in it.
    var sellerCurrency: String? { locations.first?["currency"]?.stringValue }
}
