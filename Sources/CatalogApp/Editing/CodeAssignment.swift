import CatalogCore
import Store
import Sync

/// In-store barcodes for variations that have none: EAN-13s in GS1's restricted-circulation range (prefix
/// 20 to 29, numbers a shop may give its own goods), unique in the catalog, written to Square's `upc` field
/// through the same fetch-before-update edit as `catalog edit --gtin`, so the tag, the counter's scanner
/// and Square's point of sale all read the same code.
public struct CodeAssignment: Sendable {
    /// One variation and the code it gets.
    public struct Planned: Sendable {
        public var variation: VariationSummary
        /// The new EAN-13.
        public var code: String
    }

    public let context: AppContext
    /// The two digits every new code starts with.
    public let prefix: String

    /// A plan for codes starting with `prefix` (default `codes.prefix` in the config, else `20`). Refuses a
    /// prefix outside 20-29 or one the shop's scale codes use (scale: in the config).
    public init(context: AppContext, prefix: String? = nil) throws {
        let chosen = prefix ?? context.settings.codes.prefix ?? "20"
        guard chosen.count == 2, let number = Int(chosen), (20...29).contains(number) else {
            throw AppError(
                "--prefix \(chosen): in-store codes start with two digits from 20 to 29 (GS1's range for a shop's "
                    + "own numbers), such as 20.", exitCode: .usage)
        }
        if let layout = context.settings.scaleLayouts.first(where: { $0.overlaps(prefix: chosen) }) {
            throw AppError(
                "--prefix \(chosen) is what the shop's scale prints (\(layout.value.rawValue) codes, scale: in the "
                    + "config); choose another prefix from 20 to 29 so the counter never reads a tag as a weighed "
                    + "item.", exitCode: .usage)
        }
        self.context = context
        self.prefix = chosen
    }

    /// `variations` split into those that get an in-store code and those sold by weight, which the shop's
    /// scale labels with its own codes (when the shop has a scale layout) and so are left out.
    public func leavingOutSoldByWeight(_ variations: [VariationSummary]) async throws
        -> (kept: [VariationSummary], soldByWeight: [VariationSummary])
    {
        guard !context.settings.scaleLayouts.isEmpty else { return (variations, []) }
        let database = try context.openDatabase()
        let prices = try await ShelfPrices.load(for: variations, database: database, at: context.clock.now())
        var kept: [VariationSummary] = []
        var weighed: [VariationSummary] = []
        for variation in variations {
            if prices.shelf(variation).soldBy?.dimension == .weight {
                weighed.append(variation)
            } else {
                kept.append(variation)
            }
        }
        return (kept, weighed)
    }

    /// Every variation without a barcode (`catalog codes assign --missing`), split as
    /// `leavingOutSoldByWeight` splits them.
    public func missing() async throws -> (kept: [VariationSummary], soldByWeight: [VariationSummary]) {
        try await leavingOutSoldByWeight(try await context.openDatabase().variationsWithoutGTIN())
    }

    /// The variations among `variations` that have no barcode, each with the next free code: the prefix, a
    /// ten-digit number counted up from 1 that no stored barcode uses, and the check digit.
    public func plan(_ variations: [VariationSummary]) async throws -> [Planned] {
        let database = try context.openDatabase()
        let taken = try await database.gtins(startingWith: "0" + prefix)
        var seen = Set<String>()
        var number: Int64 = 0
        var planned: [Planned] = []
        for variation in variations where variation.gtin == nil && seen.insert(variation.variationID).inserted {
            var code: String
            repeat {
                number += 1
                let body = prefix + String(repeating: "0", count: 10 - String(number).count) + String(number)
                code = body + String(Barcode.gs1CheckDigit(body.compactMap(\.wholeNumberValue)))
            } while taken.contains("0" + code)
            planned.append(Planned(variation: variation, code: code))
        }
        return planned
    }

    /// Writes each planned code to Square (queued in the outbox when Square cannot be reached); one that
    /// fails is reported with its error and the rest still go.
    public func apply(_ planned: [Planned]) async throws -> [(Planned, Result<EditWorkflow.Outcome, AppError>)] {
        let workflow = try EditWorkflow(context: context)
        var results: [(Planned, Result<EditWorkflow.Outcome, AppError>)] = []
        for (index, entry) in planned.enumerated() {
            context.progress.status("code \(index + 1) of \(planned.count): \(entry.variation.label)")
            do {
                let outcome = try await workflow.edit(entry.variation.variationID, EditRequest(gtin: entry.code))
                results.append((entry, .success(outcome)))
            } catch {
                results.append((entry, .failure(AppError.from(error))))
            }
        }
        return results
    }
}
