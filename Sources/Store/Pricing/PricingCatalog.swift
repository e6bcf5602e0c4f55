import CatalogCore
import Foundation

/// The shop's automatic discounts, taxes and measurement units as Square keeps them (`PRICING_RULE`,
/// `DISCOUNT`, `PRODUCT_SET`, `TIME_PERIOD`, `TAX`, `MEASUREMENT_UNIT`), read once from the local copy, and
/// the locations' time zones their dates and times are read in. `shelfPrice` works out from them what a
/// customer pays for one unit of a variation at a location and a moment.
public struct PricingCatalog: Sendable {
    /// A `CatalogPricingRule`.
    struct Rule: Sendable {
        var id: String
        var name: String
        var discountID: String?
        var matchID: String?
        var excludeID: String?
        var periodIDs: [String]
        /// The first moment it is valid, on the location's clock (midnight when no time is given).
        var validFrom: LocalTime?
        /// The moment it stops: the time given on its last day, else the end of that day.
        var validUntil: LocalTime?
        /// Why its dates cannot be read, when they cannot (the rule is then left off, never guessed).
        var unreadableDates: String?
        var minimumSubtotal: Money?
        var customerGroups: [String]
        var presence: Presence
    }

    /// A `CatalogDiscount`'s terms.
    struct DiscountTerms: Sendable {
        enum Kind: Sendable {
            case percentage(Decimal)
            case amount(Money)
            /// Entered at the till (VARIABLE_PERCENTAGE, VARIABLE_AMOUNT): never automatic.
            case variable
        }
        var id: String
        var name: String
        var kind: Kind
        var maximum: Money?
        var presence: Presence
    }

    /// A `CatalogProductSet`.
    struct ProductSet: Sendable {
        var id: String
        var any: [String]
        var all: [String]
        var allProducts: Bool
        var quantityExact: Int?
        var quantityMin: Int?
        var quantityMax: Int?

        /// How many units a cart needs before the set matches.
        var unitsNeeded: Int { max(quantityExact ?? 0, quantityMin ?? 0, all.count, 1) }
    }

    /// A `CatalogTax`.
    public struct Tax: Sendable, Equatable {
        public var id: String
        public var name: String
        /// The rate in percent (`20` for 20%).
        public var percentage: Decimal
        /// ADDITIVE: added at the till. INCLUSIVE: already in the price.
        public var isAdditive: Bool
        var enabled: Bool
        var presence: Presence
    }

    var rules: [Rule] = []
    var discounts: [String: DiscountTerms] = [:]
    var productSets: [String: ProductSet] = [:]
    var periods: [String: TimePeriod] = [:]
    var taxes: [String: Tax] = [:]
    var units: [String: MeasurementUnit] = [:]
    var timeZones: [String: TimeZone] = [:]
    /// Pricing objects a sync held back because Square's copy breaks Square's rules, as `TAX “VAT”: why`
    /// by id. A price is never worked out from one, not even from an older copy still stored.
    var heldBack: [String: String] = [:]

    /// No rules, taxes or units: every price is the location's price.
    public static let empty = PricingCatalog(objects: [], locations: [])

    /// Reads the objects (any type; those that are not pricing objects are ignored) and the locations
    /// (Square `Location` objects, for their `timezone`); `heldBack` names, by id, the pricing objects a
    /// sync held back and why (`TAX “VAT”: its percentage ...`): their stored copies are left out.
    public init(objects: [JSONValue], locations: [JSONValue], heldBack: [String: String] = [:]) {
        self.heldBack = heldBack
        for object in objects where object["is_deleted"]?.boolValue != true {
            guard let id = object["id"]?.stringValue, let type = object["type"]?.stringValue, heldBack[id] == nil
            else { continue }
            switch type {
            case "PRICING_RULE": rules.append(Self.rule(object, id: id))
            case "DISCOUNT": discounts[id] = Self.discount(object, id: id)
            case "PRODUCT_SET": productSets[id] = Self.productSet(object, id: id)
            case "TIME_PERIOD":
                periods[id] = TimePeriod(event: object["time_period_data"]?["event"]?.stringValue ?? "")
            case "TAX": taxes[id] = Self.tax(object, id: id)
            case "MEASUREMENT_UNIT":
                var unit = MeasurementUnit(json: object["measurement_unit_data"]?["measurement_unit"] ?? .null)
                unit.precision = object["measurement_unit_data"]?["precision"]?.int64Value.map(Int.init)
                units[id] = unit
            default: continue
            }
        }
        rules.sort { ($0.name, $0.id) < ($1.name, $1.id) }
        // Only a rule's dates and times are read on a location's clock; without rules no zone is needed, and
        // loading one (ICU's zone data) is most of reading a shop's pricing in a process that prices once.
        for location in locations where !rules.isEmpty {
            if let id = location["id"]?.stringValue, let name = location["timezone"]?.stringValue,
                let zone = TimeZone(identifier: name)
            {
                timeZones[id] = zone
            }
        }
    }

    /// Whether there is nothing that could change a price (no rules, no taxes, no units).
    public var isEmpty: Bool { rules.isEmpty && taxes.isEmpty && units.isEmpty }

    /// The location's time zone, else this computer's.
    func timeZone(at location: String?) -> TimeZone {
        location.flatMap { timeZones[$0] } ?? TimeZone.current
    }

    static func rule(_ object: JSONValue, id: String) -> Rule {
        let data = object["pricing_rule_data"] ?? .null
        func text(_ key: String) -> String? { data[key]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } }
        var unreadable: String?
        /// The date at its time of day (or at `endOfDay` seconds after midnight when no time is given).
        func bound(_ dateKey: String, _ timeKey: String, endOfDay: Int64) -> LocalTime? {
            guard let dateText = text(dateKey) else { return nil }
            let time = text(timeKey)
            guard let date = LocalTime.date(dateText), time.map({ LocalTime.timeOfDay($0) != nil }) ?? true else {
                unreadable = "\(dateKey) \(dateText)" + (time.map { " \($0)" } ?? "")
                return nil
            }
            return LocalTime(seconds: date.seconds + (time.flatMap(LocalTime.timeOfDay) ?? endOfDay))
        }
        let from = bound("valid_from_date", "valid_from_local_time", endOfDay: 0)
        let until = bound("valid_until_date", "valid_until_local_time", endOfDay: 86_400)
        return Rule(
            id: id, name: text("name") ?? id, discountID: text("discount_id"),
            matchID: text("match_products_id") ?? text("apply_products_id"), excludeID: text("exclude_products_id"),
            periodIDs: data["time_period_ids"]?.arrayValue?.compactMap(\.stringValue) ?? [],
            validFrom: from, validUntil: until, unreadableDates: unreadable,
            minimumSubtotal: data["minimum_order_subtotal_money"].flatMap(Money.init(json:)),
            customerGroups: data["customer_group_ids_any"]?.arrayValue?.compactMap(\.stringValue) ?? [],
            presence: Presence(object: object))
    }

    static func discount(_ object: JSONValue, id: String) -> DiscountTerms {
        let data = object["discount_data"] ?? .null
        let kind: DiscountTerms.Kind
        switch data["discount_type"]?.stringValue {
        case "FIXED_PERCENTAGE":
            kind = data["percentage"]?.stringValue.flatMap { Decimal(string: $0) }.map { .percentage($0) } ?? .variable
        case "FIXED_AMOUNT":
            kind = data["amount_money"].flatMap(Money.init(json:)).map { .amount($0) } ?? .variable
        default: kind = .variable
        }
        return DiscountTerms(
            id: id, name: data["name"]?.stringValue ?? id, kind: kind,
            maximum: data["maximum_amount_money"].flatMap(Money.init(json:)), presence: Presence(object: object))
    }

    static func productSet(_ object: JSONValue, id: String) -> ProductSet {
        let data = object["product_set_data"] ?? .null
        func ids(_ key: String) -> [String] { data[key]?.arrayValue?.compactMap(\.stringValue) ?? [] }
        func count(_ key: String) -> Int? { data[key]?.int64Value.map { Int(clamping: $0) } }
        return ProductSet(
            id: id, any: ids("product_ids_any"), all: ids("product_ids_all"),
            allProducts: data["all_products"]?.boolValue ?? false, quantityExact: count("quantity_exact"),
            quantityMin: count("quantity_min"), quantityMax: count("quantity_max"))
    }

    static func tax(_ object: JSONValue, id: String) -> Tax {
        let data = object["tax_data"] ?? .null
        return Tax(
            id: id, name: data["name"]?.stringValue ?? id,
            percentage: data["percentage"]?.stringValue.flatMap { Decimal(string: $0) } ?? 0,
            isAdditive: data["inclusion_type"]?.stringValue == "ADDITIVE", enabled: data["enabled"]?.boolValue ?? true,
            presence: Presence(object: object))
    }
}
