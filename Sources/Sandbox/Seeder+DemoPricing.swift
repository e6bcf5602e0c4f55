import CatalogCore

extension Seeder {
    /// What a UK shop keeps in Square beyond items, drawn after everything else so every other object keeps
    /// its id: loose fruit sold per kilogram whose SKUs are the shop scale's PLUs, own-made and loose goods
    /// with long SKUs and no barcode, and the automatic discounts of a running shop. The "Spring Sale" (20%
    /// off Stationery) started two weeks before the sandbox did and ends three weeks after; "Weekend
    /// bakery" takes 10% off Bakery on Saturdays and Sundays; "Drinks 2 for" takes 25% off each of two drinks.
    mutating func addDemoPricing() {
        guard let produce = categoryId(named: "Fresh Produce"), let pantry = categoryId(named: "Pantry"),
            let bakery = categoryId(named: "Bakery"), let drinks = categoryId(named: "Drinks"),
            let stationery = categoryId(named: "Stationery"), let household = categoryId(named: "Household")
        else { return }
        let kilogram = add(
            "MEASUREMENT_UNIT", "measurement_unit_data",
            ["measurement_unit": ["weight_unit": "METRIC_KILOGRAM", "type": "TYPE_WEIGHT"], "precision": 3])
        for (name, plu, pence) in [("Loose Bananas", "4011", Int64(98)), ("Loose Braeburn Apples", "4101", 260)] {
            addItem(
                name: name, description: "\(name), weighed at the counter.", categoryId: produce, taxId: nil,
                unitId: kilogram, variations: [("Per kg", plu, "", pence)])
        }
        addItem(
            name: "Loose Leaf Breakfast Tea", description: "Weighed out from the tin.", categoryId: pantry, taxId: nil,
            variations: [("1 kg", "TR-TTE-78816-1KG", "", 2400), ("250 g", "TR-TTE-78816-250G", "", 699)])
        addItem(
            name: "House Sourdough Starter", description: "Our own, in a 300 g tub.", categoryId: bakery, taxId: nil,
            variations: [("300 g", "OWN-BAKERY-STARTER-01", "", 450)])
        addItem(
            name: "Hand-thrown Mug", description: "Made for us by a local potter.", categoryId: household,
            taxId: nil, variations: [("Sage", "CRAFT-MUG-SAGE-LARGE", "", 1800)])

        let (today, weekday) = Self.day(ofMilliseconds: t)
        let spring = add(
            "DISCOUNT", "discount_data",
            ["name": "Spring Sale 20%", "discount_type": "FIXED_PERCENTAGE", "percentage": "20", "pin_required": false])
        let stationerySet = add(
            "PRODUCT_SET", "product_set_data", ["name": "Stationery", "product_ids_any": [.string(stationery)]])
        add(
            "PRICING_RULE", "pricing_rule_data",
            [
                "name": "Spring Sale", "discount_id": .string(spring), "match_products_id": .string(stationerySet),
                "valid_from_date": .string(Self.date(today - 14)), "valid_until_date": .string(Self.date(today + 21)),
            ])
        let weekendDiscount = add(
            "DISCOUNT", "discount_data",
            ["name": "Weekend 10%", "discount_type": "FIXED_PERCENTAGE", "percentage": "10", "pin_required": false])
        // The Saturday of the week before the sandbox started (Monday 0 ... Sunday 6).
        let saturday = today - Int64(weekday) - 2
        let weekend = add(
            "TIME_PERIOD", "time_period_data",
            [
                "event": .string(
                    "BEGIN:VEVENT\nSUMMARY:Weekends\nDTSTART:\(Self.date(saturday, compact: true))T000000\n"
                        + "DURATION:P1D\nRRULE:FREQ=WEEKLY;BYDAY=SA,SU\nEND:VEVENT")
            ])
        let bakerySet = add(
            "PRODUCT_SET", "product_set_data", ["name": "Bakery", "product_ids_any": [.string(bakery)]])
        add(
            "PRICING_RULE", "pricing_rule_data",
            [
                "name": "Weekend bakery", "discount_id": .string(weekendDiscount),
                "match_products_id": .string(bakerySet), "time_period_ids": [.string(weekend)],
            ])
        let pairDiscount = add(
            "DISCOUNT", "discount_data",
            ["name": "25% off two", "discount_type": "FIXED_PERCENTAGE", "percentage": "25", "pin_required": false])
        let drinksPair = add(
            "PRODUCT_SET", "product_set_data",
            ["name": "Any two drinks", "product_ids_any": [.string(drinks)], "quantity_exact": 2])
        add(
            "PRICING_RULE", "pricing_rule_data",
            ["name": "Drinks 2 for", "discount_id": .string(pairDiscount), "match_products_id": .string(drinksPair)])
    }

    /// The id of the seeded category called `name`.
    func categoryId(named name: String) -> String? {
        written.first { $0.value.type == "CATEGORY" && $0.value.json["category_data"]?["name"]?.stringValue == name }?
            .key
    }

    /// The day `milliseconds` falls on in UTC, counted from 1970-01-01, and its weekday (Monday 0).
    static func day(ofMilliseconds milliseconds: Int64) -> (day: Int64, weekday: Int) {
        let day = milliseconds / 86_400_000
        return (day, Int((day + 3) % 7))
    }

    /// `2026-11-25` (or `20261125`) for a day counted from 1970-01-01.
    static func date(_ day: Int64, compact: Bool = false) -> String {
        let (year, month, dayOfMonth) = Timestamp.civilDate(daysSinceEpoch: day)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)\(compact ? "" : "-")\(two(month))\(compact ? "" : "-")\(two(dayOfMonth))"
    }
}
