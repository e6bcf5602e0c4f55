import CatalogCore
import Foundation
import Labels
import Store
import Sync

/// Which template a label run uses and how sale prices are made: what `--template`, `--discount` and
/// `--rounding` say, with the config file's `labels:` section for what they leave out.
public struct LabelRequest: Sendable {
    /// A template name or a path to a .yaml file; nil for labels.template, else shelf-2x1.
    public var template: String?
    /// A discount for every label (20% or 1.50); nil for labels.discounts per category.
    public var discount: String?
    /// cent, 99 or 95; nil for labels.rounding, else cent.
    public var rounding: String?
    /// as_entered or with_taxes; nil for labels.price_display, else as_entered.
    public var priceDisplay: String?
    /// The moment the tags are priced and dated for: a staged plan's effective time, for tags printed ahead
    /// of it (the sales running then); nil for now.
    public var pricedAt: Timestamp?
    /// A heading label before each aisle's tags (and each category's, for those without a shelf), naming it and
    /// how many tags follow: for tags given in shelf order (a plan's).
    public var aisleHeadings = false

    public init(template: String? = nil, discount: String? = nil, rounding: String? = nil, priceDisplay: String? = nil)
    {
        self.template = template
        self.discount = discount
        self.rounding = rounding
        self.priceDisplay = priceDisplay
    }

    /// The template to use.
    public func loadTemplate(settings: Settings) throws -> LabelTemplate {
        try loadTemplate(file: templateFile(settings: settings))
    }

    /// The template file asked for (the request's, else labels.template in the config, else shelf-2x1),
    /// found by name in the template folders or taken as a path.
    public func templateFile(settings: Settings) throws -> String {
        do {
            return try TemplateLibrary().path(for: template ?? settings.labels.template ?? "shelf-2x1")
        } catch {
            throw AppError(error.description, exitCode: .dataError)
        }
    }

    /// The template in `file`, parsed.
    public func loadTemplate(file: String) throws -> LabelTemplate {
        do {
            return try TemplateParser.parse(contentsOf: file)
        } catch {
            throw AppError(error.description, exitCode: .dataError)
        }
    }

    /// What each label shows: what a customer pays for the variation now at the location it was priced for
    /// (`VariationSummary.at`; Square's running sale with the regular price beside it, `PricingCatalog`),
    /// or a sale price where --discount or labels.discounts gives one; with additive taxes when the price
    /// display is with_taxes; the unit price per the template's (else the config's) bases; today's date on
    /// the context's clock. The context's progress hears a warning a person should see (a sale template
    /// without the regular price).
    public func labelData(for variations: [VariationSummary], context: AppContext) async throws -> [LabelData] {
        let settings = context.settings
        let roundingRule: SaleRounding
        let explicit: Discount?
        let table: CategoryDiscounts
        do {
            roundingRule = try SaleRounding.parse(rounding ?? settings.labels.rounding ?? "cent")
            explicit = try discount.map(Discount.parse)
            table = try CategoryDiscounts(parsing: settings.labels.discounts ?? [:])
        } catch {
            throw AppError(error.description, exitCode: .usage)
        }
        let display = try PriceDisplay.parse(priceDisplay ?? settings.labels.priceDisplay ?? "as_entered")
        let now = pricedAt ?? context.clock.now()
        let today = Self.today(at: now)
        let template = try? loadTemplate(settings: settings)
        if explicit != nil, let template, !Self.showsRegularPrice(template) {
            context.progress.note(
                "template \(template.name) has no {{regular_price}}, so the sale price prints without the regular "
                    + "price struck through; sale-2x1 shows both.")
        }
        let bases =
            template.flatMap { $0.unitPricePer.isEmpty ? nil : $0.unitPricePer }
            ?? (settings.labels.unitPrice ?? []).compactMap(UnitBasis.init(text:))
        let prices = try await ShelfPrices.load(for: variations, database: context.openDatabase(), at: now)
        let tags = variations.map { variation in
            let typed = (explicit ?? table.discount(forCategory: variation.category)).map {
                SalePricing(discount: $0, rounding: roundingRule)
            }
            return Self.tag(
                for: variation, shelf: prices.shelf(variation), date: today, typedSale: typed, unitBases: bases,
                display: display)
        }
        return aisleHeadings ? Self.withHeadings(tags, variations: variations, date: today) : tags
    }

    /// `tags` (of `variations`, in shelf order) with a heading before each run of one aisle, or of one category
    /// among those without a shelf, saying how many tags follow.
    static func withHeadings(_ tags: [LabelData], variations: [VariationSummary], date: String) -> [LabelData] {
        func group(_ variation: VariationSummary) -> String {
            variation.shelf.map { "Aisle \(ShelfPlace.aisle(of: $0))" }
                ?? "No shelf: \(variation.category ?? "no category")"
        }
        var labeled: [LabelData] = []
        var index = 0
        while index < tags.count {
            let name = group(variations[index])
            let end = variations[index...].firstIndex { group($0) != name } ?? tags.count
            labeled.append(.heading(name, "\(end - index) tag\(end - index == 1 ? "" : "s")", date: date))
            labeled += tags[index..<end]
            index = end
        }
        return labeled
    }

    /// The tag of `variation` when a customer pays `shelf` for it now: a typed sale (`typedSale`) off the
    /// regular price, else Square's running sale with the regular price beside it, else the price; the unit
    /// price (per `unitBases`) of the price the tag shows; additive taxes on every price when `display` is
    /// with_taxes. The one rule every tag follows (`labelData`, the bench, the demo).
    public static func tag(
        for variation: VariationSummary, shelf: ShelfPrice, date: String, typedSale: SalePricing? = nil,
        unitBases: [UnitBasis] = [], display: PriceDisplay = .asEntered
    ) -> LabelData {
        var data = LabelData(
            itemID: variation.itemID, variationID: variation.variationID, itemName: variation.itemName,
            variationName: variation.variationName, price: variation.price, sku: variation.sku,
            gtin: variation.upc ?? variation.gtin, category: variation.category, date: date,
            version: variation.version, locationID: variation.location?.id)
        if let typedSale {
            data = typedSale.apply(to: data)
        } else if let sale = shelf.sale {
            data.regularPrice = shelf.regular
            data.price = sale.price
            data.saleEnds = sale.endsAt
            data.saleRuleID = sale.ruleID
        }
        // The unit price is of the price the tag shows (none when it is free), and taxes go on both.
        let unit = data.isFree ? nil : data.price.flatMap { shelf.unitPrice(of: $0, per: unitBases) }
        data.unitPrice = unit?.amount
        data.unitPer = unit?.per
        if display == .withTaxes {
            data.price = data.price.map(shelf.withTaxes)
            data.regularPrice = data.regularPrice.map(shelf.withTaxes)
            data.unitPrice = data.unitPrice.map(shelf.withTaxes)
            data.pricesIncludeTaxes = true
        }
        return data
    }

    /// How a tag shows prices: as Square holds them, or with the additive taxes that apply at the location.
    public enum PriceDisplay: String, Sendable, CaseIterable {
        case asEntered = "as_entered"
        case withTaxes = "with_taxes"

        /// Reads `as_entered` or `with_taxes`, naming both when the text is neither.
        public static func parse(_ text: String) throws(AppError) -> PriceDisplay {
            guard let display = PriceDisplay(rawValue: text.lowercased()) else {
                throw AppError(
                    "\"\(text)\" is not a price display; use as_entered (the price as Square holds it) or with_taxes "
                        + "(adding the taxes Square adds at the till).", exitCode: .usage)
            }
            return display
        }
    }

    /// Whether any text element of `template` prints the regular price.
    public static func showsRegularPrice(_ template: LabelTemplate) -> Bool {
        template.elements.contains { element in
            if case .text(let text) = element { return text.content.contains("regular_price") }
            return false
        }
    }

    /// The date at `time` in the shop's time zone, as labels print it.
    public static func today(at time: Timestamp) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone.current
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date(timeIntervalSince1970: Double(time.epochMilliseconds) / 1000))
    }
}

/// Which variations a label run is for: codes, categories, a change date, or the stale tags; all given
/// are combined, each variation once, in the order found.
public struct LabelSelection: Sendable {
    public var codes: [String]
    public var categories: [String]
    /// A day or an RFC 3339 time.
    public var changedSince: String?
    public var stale: Bool

    public init(codes: [String] = [], categories: [String] = [], changedSince: String? = nil, stale: Bool = false) {
        self.codes = codes
        self.categories = categories
        self.changedSince = changedSince
        self.stale = stale
    }

    /// `variations(in:at:frontEnd:)` over the context's database.
    public func variations(context: AppContext, at location: CounterLocation?) async throws -> [VariationSummary] {
        try await variations(in: try context.openDatabase(), at: location, frontEnd: context.frontEnd)
    }

    /// The variations selected, each once, priced at `location`; none is an error (exit 1). Stale tags are
    /// those printed for `location`.
    public func variations(
        in database: any LabelStore & CatalogStore, at location: CounterLocation?,
        frontEnd: FrontEnd = .commandLine
    ) async throws -> [VariationSummary] {
        var found: [VariationSummary] = []
        for code in codes { found += try await Lookup.lookUp(code, in: database, frontEnd: frontEnd) }
        if !categories.isEmpty {
            let resolution = try await CategoryResolver(database: database).resolve(categories, create: false)
            found += try await database.variations(inCategories: resolution.ids)
        }
        if let changedSince, let start = Timestamp.start(of: changedSince) {
            found += try await database.variations(changedSince: start)
        }
        if stale {
            found += try await StaleTags.list(at: location, database: database).compactMap(\.current)
        }
        var seen = Set<String>()
        let unique = found.filter { seen.insert($0.variationID).inserted }.map { $0.at(location) }
        guard !unique.isEmpty else {
            throw AppError(
                stale
                    ? "No tag on the shelves is stale: every printed price is still the catalog's."
                    : "Nothing matches that selection.", exitCode: .notFound)
        }
        return unique
    }
}
