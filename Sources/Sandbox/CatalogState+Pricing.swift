import CatalogCore

extension CatalogState {
    /// What names the pricing objects a rule depends on: each reference field of `pricing_rule_data` and
    /// the type its id must have.
    static let ruleReferences: [(field: String, type: String)] = [
        ("discount_id", "DISCOUNT"), ("match_products_id", "PRODUCT_SET"), ("exclude_products_id", "PRODUCT_SET"),
        ("apply_products_id", "PRODUCT_SET"),
    ]

    /// Square's checks on the pricing objects of one staged batch: a pricing rule names a discount and a match
    /// product set that exist (in the batch or already), and only existing time periods and product sets;
    /// a product set uses one of `product_ids_any`, `product_ids_all` and `all_products`, and not
    /// `quantity_exact` with `quantity_min` or `quantity_max`; a fixed discount says its percentage or amount.
    func checkPricing(_ staged: [String: StoredObject]) throws(APIError) {
        func live(_ id: String, _ type: String) -> Bool {
            let object = staged[id] ?? objects[id]
            return object.map { $0.type == type && !$0.isDeleted } ?? false
        }
        for (id, object) in staged.sorted(by: { $0.key < $1.key }) where !object.isDeleted {
            let json = object.json
            switch object.type {
            case "PRICING_RULE":
                let data = json["pricing_rule_data"] ?? .null
                for required in ["discount_id", "match_products_id"] where data[required]?.stringValue == nil {
                    throw .invalid(
                        "MISSING_REQUIRED_PARAMETER", "Pricing rule \(id) needs pricing_rule_data.\(required).",
                        field: "pricing_rule_data.\(required)")
                }
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
            case "PRODUCT_SET":
                let data = json["product_set_data"] ?? .null
                let kinds = ["product_ids_any", "product_ids_all", "all_products"].filter { data[$0] != nil }
                guard kinds.count == 1 else {
                    throw .invalid(
                        "INVALID_VALUE",
                        "Product set \(id) must set exactly one of product_ids_any, product_ids_all and all_products.",
                        field: "product_set_data")
                }
                if data["quantity_exact"] != nil, data["quantity_min"] != nil || data["quantity_max"] != nil {
                    throw .invalid(
                        "INVALID_VALUE",
                        "Product set \(id): quantity_exact cannot be combined with a minimum or maximum.",
                        field: "product_set_data.quantity_exact")
                }
            case "DISCOUNT":
                let data = json["discount_data"] ?? .null
                let needs = ["FIXED_PERCENTAGE": "percentage", "FIXED_AMOUNT": "amount_money"]
                if let type = data["discount_type"]?.stringValue, let field = needs[type], data[field] == nil {
                    throw .invalid(
                        "MISSING_REQUIRED_PARAMETER", "Discount \(id) is \(type) and needs discount_data.\(field).",
                        field: "discount_data.\(field)")
                }
                try Self.checkPercentage(data["percentage"], decimals: nil, field: "discount_data.percentage", of: id)
                for key in ["amount_money", "maximum_amount_money"] {
                    try checkSellerCurrency(data[key], field: "discount_data.\(key).currency", of: id)
                }
            case "TAX":
                try Self.checkPercentage(
                    json["tax_data"]?["percentage"], decimals: 4, field: "tax_data.percentage", of: id)
            default: continue
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

    /// Refuses money in another currency than the seller's.
    func checkSellerCurrency(_ money: JSONValue?, field: String, of id: String) throws(APIError) {
        guard let currency = money?["currency"]?.stringValue, let seller = sellerCurrency, currency != seller else {
            return
        }
        throw .invalid(
            "INVALID_VALUE", "Discount \(id) is in \(currency); the seller's currency is \(seller).", field: field)
    }

    /// Refuses a percentage that is not a decimal from 0 to 100 written with a `.` and no sign (with at
    /// most `decimals` digits after the point, when given).
    static func checkPercentage(_ value: JSONValue?, decimals: Int?, field: String, of id: String) throws(APIError) {
        guard let value, !value.isNull else { return }
        let text = value.stringValue ?? value.jsonString
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let digits = parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
        let fraction = parts.count == 2 ? parts[1].count : 0
        guard digits, let number = Double(text), (0...100).contains(number) else {
            throw .invalid(
                "INVALID_VALUE", "\(id): percentage “\(text)” must be a decimal number from 0 to 100.", field: field)
        }
        if let decimals, fraction > decimals {
            throw .invalid(
                "INVALID_VALUE", "\(id): percentage “\(text)” has more than \(decimals) digits after the point.",
                field: field)
        }
    }
}
