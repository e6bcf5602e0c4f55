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

    public init(template: String? = nil, discount: String? = nil, rounding: String? = nil) {
        self.template = template
        self.discount = discount
        self.rounding = rounding
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

    /// What each label shows: the variation's values with its price at the location it was priced for
    /// (`VariationSummary.at`), a sale price where a discount applies, today's date on the context's clock. The context's progress hears a warning a person should see (a sale
    /// template without the regular price).
    public func labelData(for variations: [VariationSummary], context: AppContext) throws -> [LabelData] {
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
        let today = Self.today(at: context.clock.now())
        if explicit != nil, let template = try? loadTemplate(settings: settings), !Self.showsRegularPrice(template) {
            context.progress.note(
                "template \(template.name) has no {{regular_price}}, so the sale price prints without the regular "
                    + "price struck through; sale-2x1 shows both.")
        }
        do {
            return try variations.map { variation throws(SaleError) in
                let data = LabelData(
                    itemID: variation.itemID, variationID: variation.variationID, itemName: variation.itemName,
                    variationName: variation.variationName, price: variation.price, sku: variation.sku,
                    gtin: variation.upc ?? variation.gtin, category: variation.category, date: today,
                    version: variation.version, locationID: variation.location?.id)
                guard let sale = explicit ?? table.discount(forCategory: variation.category) else { return data }
                return try SalePricing(discount: sale, rounding: roundingRule).apply(to: data)
            }
        } catch {
            throw AppError(error.description, exitCode: .dataError)
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

    /// The variations selected, each once, priced at `location`; none is an error (exit 1). Stale tags are
    /// those printed for `location`.
    public func variations(in database: CatalogDatabase, at location: CounterLocation?) async throws
        -> [VariationSummary]
    {
        var found: [VariationSummary] = []
        for code in codes { found += try await Lookup.lookUp(code, in: database) }
        if !categories.isEmpty {
            let resolution = try await CategoryResolver(database: database).resolve(categories, create: false)
            found += try await database.variations(inCategories: resolution.ids)
        }
        if let changedSince, let start = Timestamp.start(of: changedSince) {
            found += try await database.variations(changedSince: start)
        }
        if stale {
            found += try await database.staleLabels().filter { $0.printed.locationID == location?.id }.compactMap(
                \.current)
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
