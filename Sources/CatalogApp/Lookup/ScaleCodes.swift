import CatalogCore
import Foundation
import Store

/// Barcodes the shop's scales print (`scale:` in the config): a PLU and a price or weight in an in-store
/// EAN-13. The PLU names the variation by its SKU (`4011` or `04011`); the code's own check digit is
/// checked as for any barcode, so a misread code is refused, never guessed.
public struct ScaleCode: Sendable, Equatable {
    public var reading: ScaleReading

    /// The reading of `code` under the first layout whose prefix it has; nil when it is not a scale code
    /// (or its check digit is wrong: `Lookup` then explains that as for any barcode).
    public init?(_ code: String, layouts: [ScaleLayout]) {
        let trimmed = code.trimmingCharacters(in: .whitespaces)
        guard !layouts.isEmpty, (try? Barcode(trimmed)) != nil,
            let reading = layouts.lazy.compactMap({ $0.read(trimmed) }).first
        else { return nil }
        self.reading = reading
    }

    /// The variations whose SKU is the PLU, as printed or without its leading zeros.
    public func variations(in database: any CatalogStore) async throws -> [VariationSummary] {
        var found = try await database.variations(sku: reading.plu)
        if found.isEmpty, reading.pluNumber != reading.plu {
            found = try await database.variations(sku: reading.pluNumber)
        }
        return found
    }

    /// What the code says about `variation` at the price a customer pays now: the price printed, or the
    /// weight and the weight times the price per kilogram.
    public func embedded(_ variation: VariationSummary, shelf: ShelfPrice?) -> (text: String, json: JSONValue) {
        let currency = (shelf?.price ?? variation.price)?.currency ?? "GBP"
        if let price = reading.price(currency: currency) {
            return ("price \(price.formatted)", ["price": price.json])
        }
        let kilograms = reading.kilograms ?? 0
        var text = "weight \(kilograms) kg"
        var json: JSONValue = ["weight": .string("\(kilograms)"), "unit": "kg"]
        if let perKilogram = shelf?.unitPrice(per: [.kilogram]), perKilogram.per == "kg" {
            let amount = PricingCatalog.rounded(Decimal(perKilogram.amount.amount) * kilograms)
            let total = Money(amount: amount, currency: perKilogram.amount.currency)
            text += " x \(perKilogram.formatted) = \(total.formatted)"
            json["total"] = total.json
        }
        return (text, json)
    }
}

extension AppContext {
    /// The shop's scale layouts (`scale:` in the config), refused when in-store codes already given to
    /// variations start with a layout's prefix: the counter would read those tags as weighed items and never
    /// find them. Every front end that reads scale codes takes its layouts from here.
    public func scaleLayouts(in database: any CatalogStore) async throws -> [ScaleLayout] {
        let layouts = settings.scaleLayouts
        for layout in layouts {
            let taken = try await database.gtins(startingWith: "0" + layout.prefix).sorted()
            guard let first = taken.first else { continue }
            let shown = String(first.dropFirst())
            let example = try await database.variations(gtins: [first]).first.map { " \(Terminal.visible($0.label))" }
            throw AppError(
                "\(settings.configPath ?? "config.yaml"): scale: prefix \(layout.prefix) is how \(Terminal.count(taken.count)) "
                    + "in-store code\(taken.count == 1 ? "" : "s") already given to the shop's goods start (such as \(shown)"
                    + "\(example ?? "")), so the counter would read their tags as weighed items. Give the scale a prefix "
                    + "no code uses, or take the scale layout out of the config.", exitCode: .configuration)
        }
        return layouts
    }
}
