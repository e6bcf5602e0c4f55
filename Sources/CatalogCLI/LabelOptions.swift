import ArgumentParser
import CatalogApp
import CatalogCore
import Foundation
import Labels
import Store

/// The template and sale-price flags `catalog label render|print` share.
struct LabelOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A template name (see catalog label templates) or a path to a .yaml file; default from "
                + "labels.template in the config, else shelf-2x1.", valueName: "name"))
    var template: String?

    @Option(
        help: ArgumentHelp(
            "Print sale tags: the price less this discount (20% or an amount like 1.50), with the regular price "
                + "struck through. Without it, labels.discounts in the config applies per category.",
            valueName: "discount"))
    var discount: String?

    @Option(
        help: ArgumentHelp(
            "How sale prices are rounded: cent (default), 99 or 95 (to a .99 or .95 ending); default from "
                + "labels.rounding in the config.", valueName: "rule"))
    var rounding: String?

    /// The template to use.
    func loadTemplate(settings: Settings) throws -> LabelTemplate {
        try loadTemplate(file: templateFile(settings: settings))
    }

    /// The template file asked for (--template, else labels.template in the config, else shelf-2x1),
    /// found by name in the template folders or taken as a path.
    func templateFile(settings: Settings) throws -> String {
        do {
            return try TemplateLibrary().path(for: template ?? settings.labels.template ?? "shelf-2x1")
        } catch {
            throw AppError(error.description, exitCode: .dataError)
        }
    }

    /// The template in `file`, parsed.
    func loadTemplate(file: String) throws -> LabelTemplate {
        do {
            return try TemplateParser.parse(contentsOf: file)
        } catch {
            throw AppError(error.description, exitCode: .dataError)
        }
    }

    /// What each label shows: the variation's values, a sale price where a discount applies, today's date.
    func labelData(for variations: [VariationSummary], settings: Settings) throws -> [LabelData] {
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
        let today = Self.today()
        if explicit != nil, let template = try? loadTemplate(settings: settings), !Self.showsRegularPrice(template) {
            Terminal.error(
                "catalog: note: template \(template.name) has no {{regular_price}}, so the sale price prints without "
                    + "the regular price struck through; sale-2x1 shows both.")
        }
        do {
            return try variations.map { variation throws(SaleError) in
                let data = LabelData(
                    itemID: variation.itemID, variationID: variation.variationID, itemName: variation.itemName,
                    variationName: variation.variationName, price: variation.price, sku: variation.sku,
                    gtin: variation.upc ?? variation.gtin, category: variation.category, date: today,
                    version: variation.version)
                guard let sale = explicit ?? table.discount(forCategory: variation.category) else { return data }
                return try SalePricing(discount: sale, rounding: roundingRule).apply(to: data)
            }
        } catch {
            throw AppError(error.description, exitCode: .dataError)
        }
    }

    /// Whether any text element of `template` prints the regular price.
    static func showsRegularPrice(_ template: LabelTemplate) -> Bool {
        template.elements.contains { element in
            if case .text(let text) = element { return text.content.contains("regular_price") }
            return false
        }
    }

    /// Today's date in the shop's time zone, as labels print it.
    static func today() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone.current
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }
}
