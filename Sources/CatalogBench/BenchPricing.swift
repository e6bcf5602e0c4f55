import CatalogCore

/// The automatic discounts of a busy shop, for benchmarks that price as a counter does: a sale on each
/// category (every other one on weekends only, one a two-for deal), inclusive VAT and a kilogram unit.
enum BenchPricing {
    /// Pricing objects with `#` ids (upserted as a batch) naming `categories`.
    static func objects(categories: [String]) -> [JSONValue] {
        var objects: [JSONValue] = [
            [
                "type": "TAX", "id": "#VAT",
                "tax_data": ["name": "VAT", "percentage": "20", "inclusion_type": "INCLUSIVE"],
            ],
            [
                "type": "MEASUREMENT_UNIT", "id": "#KG",
                "measurement_unit_data": ["measurement_unit": ["weight_unit": "METRIC_KILOGRAM"]],
            ],
            [
                "type": "TIME_PERIOD", "id": "#WEEKEND",
                "time_period_data": ["event": "DTSTART:20260103T000000\nDURATION:P1D\nRRULE:FREQ=WEEKLY;BYDAY=SA,SU"],
            ],
        ]
        for (index, category) in categories.enumerated() {
            objects.append([
                "type": "DISCOUNT", "id": .string("#D\(index)"),
                "discount_data": [
                    "name": .string("\(5 + index)%"), "discount_type": "FIXED_PERCENTAGE",
                    "percentage": .string("\(5 + index)"),
                ],
            ])
            var set: JSONValue = ["product_ids_any": [.string(category)]]
            if index == 3 { set["quantity_exact"] = 2 }
            objects.append(["type": "PRODUCT_SET", "id": .string("#S\(index)"), "product_set_data": set])
            var rule: JSONValue = [
                "name": .string("Sale \(index)"), "discount_id": .string("#D\(index)"),
                "match_products_id": .string("#S\(index)"), "valid_from_date": "2026-01-01",
                "valid_until_date": "2099-12-31",
            ]
            if index % 2 == 1 { rule["time_period_ids"] = ["#WEEKEND"] }
            objects.append(["type": "PRICING_RULE", "id": .string("#R\(index)"), "pricing_rule_data": rule])
        }
        return objects
    }
}
