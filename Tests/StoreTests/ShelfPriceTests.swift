import CatalogCore
import Foundation
import GRDB
import Testing

@testable import Store

/// Square's automatic discounts, taxes and units as `PricingCatalog.shelfPrice` applies them to one unit,
/// against prices worked out by hand.
@Suite struct ShelfPriceTests {
    static let high = CounterLocation(id: "L1", name: "High Street")
    static let market = CounterLocation(id: "L2", name: "Market Hall")
    static let locations: [JSONValue] = [
        ["id": "L1", "name": "High Street", "timezone": "Europe/London"],
        ["id": "L2", "name": "Market Hall", "timezone": "America/New_York"],
    ]

    static func gbp(_ amount: Int64) -> Money { Money(amount: amount, currency: "GBP") }

    /// A 11.99 GBP variation V1 of item I1 in category SNACKS; V2 is its sibling at 2.50 GBP.
    static func summary(_ id: String = "V1", price: Int64 = 1199, at location: CounterLocation? = high)
        -> VariationSummary
    {
        VariationSummary(
            itemID: "I1", variationID: id, itemName: "Crisps", variationName: id, sku: nil, gtin: nil, upc: nil,
            price: gbp(price), category: "Snacks", isArchived: false
        ).at(location)
    }

    static func facts(_ id: String = "V1", taxes: [String] = [], unit: String? = nil) -> PricingFacts {
        PricingFacts(variationID: id, itemID: "I1", categoryIDs: ["SNACKS"], taxIDs: taxes, measurementUnitID: unit)
    }

    static func discount(_ id: String, percent: String? = nil, amount: Int64? = nil, maximum: Int64? = nil)
        -> JSONValue
    {
        var data: JSONValue = ["name": .string(id)]
        if let percent {
            data["discount_type"] = "FIXED_PERCENTAGE"
            data["percentage"] = .string(percent)
        } else if let amount {
            data["discount_type"] = "FIXED_AMOUNT"
            data["amount_money"] = gbp(amount).json
        }
        if let maximum { data["maximum_amount_money"] = gbp(maximum).json }
        return ["type": "DISCOUNT", "id": .string(id), "discount_data": data]
    }

    static func productSet(_ id: String, any: [String], exact: Int? = nil) -> JSONValue {
        var data: JSONValue = ["product_ids_any": .array(any.map(JSONValue.string))]
        if let exact { data["quantity_exact"] = .int(Int64(exact)) }
        return ["type": "PRODUCT_SET", "id": .string(id), "product_set_data": data]
    }

    static func rule(
        _ id: String, discount: String, match: String, fields: [String: JSONValue] = [:],
        object: [String: JSONValue] = [:]
    )
        -> JSONValue
    {
        var data: JSONValue = [
            "name": .string(id), "discount_id": .string(discount), "match_products_id": .string(match),
        ]
        for (key, value) in fields { data[key] = value }
        var rule: JSONValue = ["type": "PRICING_RULE", "id": .string(id), "pricing_rule_data": data]
        for (key, value) in object { rule[key] = value }
        return rule
    }

    static func period(_ id: String, _ event: String) -> JSONValue {
        ["type": "TIME_PERIOD", "id": .string(id), "time_period_data": ["event": .string(event)]]
    }

    /// `2026-11-25T10:00:00Z` and the like.
    static func at(_ text: String) -> Timestamp { Timestamp(rfc3339: text)! }

    static func shelf(
        _ objects: [JSONValue], _ when: String, summary: VariationSummary = summary(), facts: PricingFacts = facts()
    ) -> ShelfPrice {
        PricingCatalog(objects: objects, locations: locations).shelfPrice(for: summary, facts: facts, at: at(when))
    }

    static let springSale: [JSONValue] = [
        discount("D20", percent: "20"), productSet("PS-SNACKS", any: ["SNACKS"]),
        rule(
            "Spring Sale", discount: "D20", match: "PS-SNACKS",
            fields: [
                "valid_from_date": "2026-11-01", "valid_from_local_time": "09:00:00", "valid_until_date": "2026-12-01",
            ]),
    ]

    @Test func aPercentageSaleOnTheCategoryRunsFromItsFirstMomentThroughItsLastDay() throws {
        let running = Self.shelf(Self.springSale, "2026-11-25T10:00:00Z")
        let sale = try #require(running.sale)
        #expect(sale.price == Self.gbp(959), "11.99 less 20% (2.398, rounded to 2.40)")
        #expect(sale.terms == "20% off" && sale.name == "Spring Sale" && sale.endsAt == "2026-12-01")
        #expect(running.price == Self.gbp(959) && running.regular == Self.gbp(1199))
        // London is on GMT in November: local time is UTC.
        #expect(Self.shelf(Self.springSale, "2026-11-01T08:59:59Z").sale == nil, "before 09:00 on the first day")
        #expect(Self.shelf(Self.springSale, "2026-11-01T09:00:00Z").sale != nil)
        #expect(Self.shelf(Self.springSale, "2026-12-01T23:59:59Z").sale != nil, "the last day is included")
        #expect(Self.shelf(Self.springSale, "2026-12-02T00:00:00Z").sale == nil)
        // Market Hall is in New York: 2026-12-02 03:00 UTC is still 1 December there.
        let newYork = Self.shelf(Self.springSale, "2026-12-02T03:00:00Z", summary: Self.summary(at: Self.market))
        #expect(newYork.sale?.price == Self.gbp(959))
    }

    @Test func aWeeklyPeriodHoldsTheRuleToItsDaysAndHours() throws {
        let objects: [JSONValue] = [
            Self.discount("D10", percent: "10"), Self.productSet("PS-I1", any: ["I1"]),
            Self.period(
                "WEEKEND", "BEGIN:VEVENT\nDTSTART:20261107T000000\nDURATION:P2D\nRRULE:FREQ=WEEKLY;BYDAY=SA\nEND:VEVENT"
            ),
            Self.period("HAPPY", "DTSTART:20261102T170000\nDURATION:P2H\nRRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR"),
            Self.rule("Weekend", discount: "D10", match: "PS-I1", fields: ["time_period_ids": ["WEEKEND"]]),
            Self.rule("Happy hour", discount: "D10", match: "PS-I1", fields: ["time_period_ids": ["HAPPY"]]),
        ]
        // 2026-11-28 is a Saturday.
        let saturday = try #require(Self.shelf(objects, "2026-11-28T10:00:00Z").sale)
        #expect(saturday.name == "Weekend" && saturday.endsAt == "2026-11-29" && saturday.price == Self.gbp(1079))
        #expect(Self.shelf(objects, "2026-11-29T23:59:00Z").sale?.name == "Weekend", "Sunday night")
        #expect(Self.shelf(objects, "2026-11-30T00:00:00Z").sale == nil, "Monday")
        #expect(Self.shelf(objects, "2026-11-06T12:00:00Z").sale == nil, "before the first weekend")
        // Wednesday 2026-11-25, 17:00 to 19:00.
        let happy = try #require(Self.shelf(objects, "2026-11-25T18:30:00Z").sale)
        #expect(happy.name == "Happy hour" && happy.endsAt == "2026-11-25 19:00")
        #expect(Self.shelf(objects, "2026-11-25T19:00:00Z").sale == nil)
        #expect(Self.shelf(objects, "2026-11-24T18:00:00Z").sale == nil, "Tuesday")
    }

    @Test func aRecurrenceItCannotReadLeavesTheRuleOffAndSaysSo() {
        let objects: [JSONValue] = [
            Self.discount("D10", percent: "10"), Self.productSet("PS-I1", any: ["I1"]),
            Self.period("MONTHLY", "DTSTART:20261101T000000\nDURATION:P1D\nRRULE:FREQ=MONTHLY;BYMONTHDAY=1"),
            Self.rule("First of the month", discount: "D10", match: "PS-I1", fields: ["time_period_ids": ["MONTHLY"]]),
        ]
        let shelf = Self.shelf(objects, "2026-12-01T10:00:00Z")
        #expect(shelf.sale == nil && shelf.price == Self.gbp(1199))
        #expect(shelf.notUnderstood == ["First of the month: RRULE FREQ=MONTHLY;BYMONTHDAY=1"])
        // A date that cannot be read leaves the rule off too, rather than making it run for ever.
        let badDate = [
            Self.discount("D10", percent: "10"), Self.productSet("PS-I1", any: ["I1"]),
            Self.rule("Odd", discount: "D10", match: "PS-I1", fields: ["valid_until_date": "2026-13-40"]),
        ]
        let odd = Self.shelf(badDate, "2026-12-01T10:00:00Z")
        #expect(odd.sale == nil && odd.notUnderstood == ["Odd: valid_until_date 2026-13-40"])
    }

    @Test func theBestDiscountWinsAndLimitsAndExclusionsHold() {
        let objects: [JSONValue] = [
            Self.discount("TEN", percent: "10"), Self.discount("POUND", amount: 100),
            Self.discount("HALF", percent: "50", maximum: 200), Self.productSet("PS-SNACKS", any: ["SNACKS"]),
            Self.productSet("PS-V2", any: ["V2"]),
            Self.rule("B ten", discount: "TEN", match: "PS-SNACKS"),
            Self.rule("A pound", discount: "POUND", match: "PS-SNACKS"),
        ]
        // 10% of 11.99 is 1.20, more than 1.00 off.
        #expect(Self.shelf(objects, "2026-11-25T10:00:00Z").sale?.name == "B ten")
        #expect(Self.shelf(objects, "2026-11-25T10:00:00Z").price == Self.gbp(1079))
        // On 2.50, 1.00 off beats 0.25.
        let cheap = Self.shelf(
            objects, "2026-11-25T10:00:00Z", summary: Self.summary("V2", price: 250), facts: Self.facts("V2"))
        #expect(cheap.sale?.name == "A pound" && cheap.price == Self.gbp(150))
        // Half off, at most 2.00: 11.99 becomes 9.99. Ties go to the name that sorts first.
        let capped = objects + [Self.rule("C half", discount: "HALF", match: "PS-SNACKS")]
        #expect(Self.shelf(capped, "2026-11-25T10:00:00Z").price == Self.gbp(999))
        let tie = objects + [Self.rule("A ten", discount: "TEN", match: "PS-SNACKS")]
        #expect(Self.shelf(tie, "2026-11-25T10:00:00Z").sale?.name == "A ten")
        // Excluding V2 leaves V1 on sale and V2 at its price.
        let excluding = [
            Self.discount("TEN", percent: "10"), Self.productSet("PS-SNACKS", any: ["SNACKS"]),
            Self.productSet("PS-V2", any: ["V2"]),
            Self.rule("Ten", discount: "TEN", match: "PS-SNACKS", fields: ["exclude_products_id": "PS-V2"]),
        ]
        #expect(Self.shelf(excluding, "2026-11-25T10:00:00Z").sale != nil)
        let v2 = Self.shelf(
            excluding, "2026-11-25T10:00:00Z", summary: Self.summary("V2", price: 250), facts: Self.facts("V2"))
        #expect(v2.sale == nil && v2.price == Self.gbp(250))
        // An amount off never takes the price below zero.
        let big = [
            Self.discount("BIG", amount: 5000), Self.productSet("PS", any: ["V1"]),
            Self.rule("Big", discount: "BIG", match: "PS"),
        ]
        #expect(Self.shelf(big, "2026-11-25T10:00:00Z").price == Self.gbp(0))
    }

    @Test func dealsOnSeveralUnitsOrForSomeCustomersAreTextNeverThePrice() {
        let objects: [JSONValue] = [
            Self.discount("QUARTER", percent: "25"), Self.discount("TEN", percent: "10"),
            Self.discount("FREE", percent: "100"), Self.productSet("TWO", any: ["V1"], exact: 2),
            Self.productSet("ONE", any: ["V1"], exact: 1), Self.productSet("ANY", any: ["I1"]),
            Self.rule("Pair", discount: "QUARTER", match: "TWO"),
            Self.rule("Loyalty", discount: "TEN", match: "ANY", fields: ["customer_group_ids_any": ["G1"]]),
            Self.rule(
                "Big basket", discount: "TEN", match: "ANY",
                fields: ["minimum_order_subtotal_money": Self.gbp(2000).json]),
            Self.rule("BOGOF", discount: "FREE", match: "TWO", fields: ["exclude_products_id": "ONE"]),
            Self.discount("POUND", amount: 100), Self.rule("Pound off two", discount: "POUND", match: "TWO"),
        ]
        let shelf = Self.shelf(objects, "2026-11-25T10:00:00Z")
        #expect(shelf.sale == nil && shelf.price == Self.gbp(1199))
        // Two at 11.99 less 25% each (3.00): 17.98. One of two free: 11.99.
        #expect(
            Set(shelf.multiBuy) == [
                "2 for 17.98 GBP (Pair)", "Members: 10% off (Loyalty)",
                "10% off on orders of 20.00 GBP or more (Big basket)",
                "2 for 11.99 GBP (BOGOF)", "buy 2: 1.00 GBP off (Pound off two)",
            ])
    }

    @Test func rulesAndDiscountsOnlyCountWhereTheyArePresent() {
        let objects: [JSONValue] = [
            Self.discount("TEN", percent: "10"), Self.productSet("ANY", any: ["I1"]),
            Self.rule(
                "Market only", discount: "TEN", match: "ANY",
                object: ["present_at_all_locations": false, "present_at_location_ids": ["L2"]]),
        ]
        #expect(Self.shelf(objects, "2026-11-25T10:00:00Z").sale == nil, "High Street")
        #expect(Self.shelf(objects, "2026-11-25T10:00:00Z", summary: Self.summary(at: Self.market)).sale != nil)
        #expect(Self.shelf(objects, "2026-11-25T10:00:00Z", summary: Self.summary(at: nil)).sale == nil, "no location")
    }

    @Test func additiveTaxesAreAddedAndInclusiveOnesAreAlreadyIn() {
        let objects: [JSONValue] = [
            [
                "type": "TAX", "id": "VAT",
                "tax_data": ["name": "VAT", "percentage": "20", "inclusion_type": "INCLUSIVE", "enabled": true],
            ],
            [
                "type": "TAX", "id": "ST",
                "tax_data": [
                    "name": "Sales tax", "percentage": "8.875", "inclusion_type": "ADDITIVE", "enabled": true,
                ],
            ],
            [
                "type": "TAX", "id": "OFF",
                "tax_data": ["name": "Old", "percentage": "5", "inclusion_type": "ADDITIVE", "enabled": false],
            ],
            [
                "type": "TAX", "id": "NY", "present_at_all_locations": false, "present_at_location_ids": ["L2"],
                "tax_data": ["name": "City", "percentage": "1", "inclusion_type": "ADDITIVE", "enabled": true],
            ],
        ]
        let shelf = Self.shelf(
            objects, "2026-11-25T10:00:00Z", summary: Self.summary(price: 1000),
            facts: Self.facts(taxes: ["VAT", "ST", "OFF", "NY"]))
        #expect(shelf.taxes.map(\.id) == ["VAT", "ST"])
        // 10.00 + 8.875% (0.8875, rounded to 0.89).
        #expect(shelf.priceWithTaxes == Self.gbp(1089))
        #expect(shelf.taxLines == ["VAT 20% (included)", "Sales tax 8.875% (added at the till)"])
        let market = Self.shelf(
            objects, "2026-11-25T10:00:00Z", summary: Self.summary(price: 1000, at: Self.market),
            facts: Self.facts(taxes: ["VAT", "ST", "OFF", "NY"]))
        #expect(market.priceWithTaxes == Self.gbp(1099), "10.00 + 0.89 + 0.10")
    }

    @Test func timePeriodsReadSquaresEvents() {
        #expect(TimePeriod.duration("P2H") == 7200 && TimePeriod.duration("PT1H30M") == 5400)
        #expect(TimePeriod.duration("P1DT12H") == 129_600 && TimePeriod.duration("P2W") == 1_209_600)
        #expect(TimePeriod.duration("2H") == nil && TimePeriod.duration("P") == nil && TimePeriod.duration("PT") == nil)
        #expect(
            TimePeriod(event: "DTSTART:20261201T090000\nDURATION:PT8H")
                == .once(start: LocalTime(year: 2026, month: 12, day: 1, hour: 9)!, duration: 28_800))
        #expect(
            TimePeriod(event: "DTSTART:20261201\nRRULE:FREQ=WEEKLY").contains(
                LocalTime(year: 2026, month: 12, day: 8, hour: 23)!), "a whole day, every Tuesday")
        #expect(
            TimePeriod(event: "DTSTART:20261201T090000Z\nDURATION:PT1H").notUnderstoodReason
                == "DTSTART 20261201T090000Z")
        #expect(
            TimePeriod(event: "DTSTART;TZID=Europe/Paris:20261201T090000\nDURATION:PT1H").notUnderstoodReason != nil)
        #expect(
            TimePeriod(event: "DTSTART:20261201T090000\nDURATION:PT1H\nRRULE:FREQ=WEEKLY;COUNT=3").notUnderstoodReason
                != nil)
        // Every other Monday from 2026-11-02, until 2026-11-30.
        let fortnightly = TimePeriod(
            event: "DTSTART:20261102T090000\nDURATION:PT1H\nRRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;UNTIL=20261130")
        #expect(fortnightly.contains(LocalTime(year: 2026, month: 11, day: 16, hour: 9, minute: 30)!))
        #expect(!fortnightly.contains(LocalTime(year: 2026, month: 11, day: 9, hour: 9, minute: 30)!))
        #expect(fortnightly.contains(LocalTime(year: 2026, month: 11, day: 30, hour: 9, minute: 30)!))
        #expect(!fortnightly.contains(LocalTime(year: 2026, month: 12, day: 14, hour: 9, minute: 30)!))
        #expect(
            LocalTime(year: 2026, month: 11, day: 28)!.weekday == 5
                && LocalTime(year: 2026, month: 11, day: 28)!.dateText == "2026-11-28")
    }

    @Test func unitPricesComeFromTheMeasurementUnitOrANetQuantityInTheName() {
        func shelf(_ amount: Int64?, unit: MeasurementUnit? = nil, names: [String] = []) -> ShelfPrice {
            var shelf = ShelfPrice(regular: amount.map(Self.gbp))
            shelf.soldBy = unit
            shelf.netQuantity = NetQuantity.read(names)
            return shelf
        }
        let kilogram = MeasurementUnit(json: ["weight_unit": "METRIC_KILOGRAM"])
        let pound = MeasurementUnit(json: ["weight_unit": "IMPERIAL_POUND"])
        let pint = MeasurementUnit(json: ["volume_unit": "GENERIC_PINT"])
        let bunch = MeasurementUnit(json: ["custom_unit": ["name": "Bunch", "abbreviation": "bunch"]])
        #expect(shelf(1299, unit: kilogram).unitPrice()?.formatted == "12.99 GBP/kg")
        #expect(shelf(1299, unit: kilogram).unitPrice(per: [.hundredGrams])?.formatted == "1.30 GBP/100 g")
        #expect(shelf(599, unit: pound).unitPrice()?.formatted == "5.99 GBP/lb")
        // 5.99 / 0.45359237 = 13.2056...
        #expect(shelf(599, unit: pound).unitPrice(per: [.kilogram])?.formatted == "13.21 GBP/kg")
        #expect(
            shelf(350, unit: pint).unitPrice(per: [.litre])?.formatted == "3.50 GBP/pint", "never guessed")
        #expect(shelf(200, unit: bunch).unitPrice()?.formatted == "2.00 GBP/bunch")
        // 2.25 for 1.5 l is 1.50 a litre, 0.15 per 100 ml.
        #expect(shelf(225, names: ["Orange juice 1.5 l"]).unitPrice()?.formatted == "1.50 GBP/l")
        #expect(
            shelf(225, names: ["Orange juice 1.5 litres"]).unitPrice(per: [.hundredMillilitres])?.formatted
                == "0.15 GBP/100 ml")
        // 1.80 for 4 x 125 g (500 g) is 3.60 a kilogram.
        #expect(shelf(180, names: ["Yoghurt", "4 x 125 g"]).unitPrice()?.formatted == "3.60 GBP/kg")
        #expect(shelf(180, names: ["Yoghurt 4x125g"]).unitPrice(per: [.hundredGrams])?.formatted == "0.36 GBP/100 g")
        #expect(shelf(99, names: ["Cola 330ml"]).unitPrice()?.formatted == "3.00 GBP/l")
        #expect(
            shelf(99, names: ["Cola 330ml"]).unitPrice(per: [.kilogram])?.formatted == "3.00 GBP/l",
            "a volume stays a volume")
        #expect(shelf(450, names: ["Tea bags 80 pack"]).unitPrice() == nil)
        #expect(shelf(450, names: ["Claw hammer"]).unitPrice() == nil)
        #expect(shelf(nil, names: ["Cola 330ml"]).unitPrice() == nil, "variable price")
        #expect(shelf(450, names: ["Paint 0 ml"]).unitPrice() == nil)
    }

    @Test func syncedPricingObjectsAreReadBackThroughTheirIndex() async throws {
        let database = try temporaryDatabase()
        let objects = Self.springSale.map { object -> JSONValue in
            var stamped = object
            stamped["version"] = 1
            return stamped
        }
        _ = try await database.apply(objects)
        let catalog = try await database.pricingCatalog()
        #expect(catalog.rules.map(\.id) == ["Spring Sale"] && catalog.discounts["D20"] != nil)
        let plan = try await database.read { db in
            try Row.fetchAll(
                db,
                sql: "EXPLAIN QUERY PLAN SELECT id, json FROM catalog_objects WHERE \(PricingCatalog.storedCondition)"
            ).map { row -> String in row["detail"] }
        }
        #expect(plan.contains { $0.contains("catalog_objects_pricing") }, "the plan: \(plan)")
        // A deleted discount goes, and the rule that named it no longer gives a sale.
        _ = try await database.apply([["type": "DISCOUNT", "id": "D20", "version": 2, "is_deleted": true]])
        #expect(try await database.pricingCatalog().discounts["D20"] == nil)
    }
}
