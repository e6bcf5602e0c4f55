import CatalogCore
import Foundation
import Store

/// Square's sales as staged plans. A pricing rule with a start or an end date changes shelf tags at those
/// moments while nothing in Square's prices changes, so each such moment at each location becomes a plan
/// whose lines are the variations whose shelf price (`PricingCatalog.shelfPrice`, the one rule) differs just
/// before and at it. The plans are listed, shown and printed ahead as any other (`label print --plan`); at
/// their time they are marked applied with nothing to write. They are worked out again whenever the pricing
/// objects, the catalog or the locations change, and a plan whose sale changed or went is cancelled.
public struct SalePlans: Sendable {
    public let context: AppContext
    public let database: CatalogDatabase

    public init(context: AppContext, database: CatalogDatabase) {
        self.context = context
        self.database = database
    }

    /// What `follow` did.
    public struct Followed: Sendable, Equatable {
        public var staged = 0
        public var refreshed = 0
        public var cancelled = 0
        /// Whether anything was worked out (false when nothing they depend on changed since the last time).
        public var looked = false
    }

    /// Works the sale plans out again when the pricing objects, the catalog or the locations changed since
    /// the last time.
    @discardableResult
    public func follow() async throws -> Followed {
        let basis = try await database.salePlanBasis()
        guard basis.current != basis.stored else { return Followed() }
        let now = context.clock.now()
        let pricing = try await database.pricingCatalog()
        var named: [String: [VariationSummary]] = [:]
        var facts: [String: PricingFacts] = [:]
        var wanted: [(plan: StagedPlan, lines: [StagedPlanLine])] = []
        for location in ShopLocations.active(try await database.locations()) {
            for moment in pricing.saleMoments(at: location.id, after: now) {
                if named[moment.ruleID] == nil {
                    named[moment.ruleID] = try await database.variations(namedBy: moment.productIDs.map { $0.sorted() })
                }
                let here = (named[moment.ruleID] ?? []).map { $0.at(location) }.filter(\.isSold)
                let missing = here.map(\.variationID).filter { facts[$0] == nil }
                if !missing.isEmpty {
                    facts.merge(try await database.pricingFacts(variationIDs: missing)) { first, _ in first }
                }
                let lines = await Self.lines(here, pricing: pricing, facts: facts, at: moment.moment)
                guard !lines.isEmpty else { continue }
                let plan = StagedPlan(
                    name: "\(moment.name) \(moment.starts ? "starts" : "ends")", locationID: location.id,
                    effectiveAt: moment.moment.rfc3339, stagedAt: now.rfc3339, stagedBy: "Square",
                    source: "Square sale", kind: moment.starts ? .saleStarts : .saleEnds, ruleID: moment.ruleID)
                wanted.append((plan, lines))
            }
        }
        let counts = try await database.followSales(wanted, basis: basis.current, at: now)
        return Followed(staged: counts.staged, refreshed: counts.refreshed, cancelled: counts.cancelled, looked: true)
    }

    /// The tag of each of `variations` (priced at their location) whose price a customer pays differs a second
    /// before `moment` and at it: the price before and after, and the sale the tag shows after (its name and
    /// last day) or "regular price".
    /// The hub's two pool threads serve pages meanwhile: it yields every few hundred variations.
    static func lines(
        _ variations: [VariationSummary], pricing: PricingCatalog, facts: [String: PricingFacts], at moment: Timestamp
    ) async -> [StagedPlanLine] {
        let before = Timestamp(seconds: moment.seconds - 1)
        var lines: [StagedPlanLine] = []
        for (index, variation) in variations.sorted(by: { ($0.label, $0.variationID) < ($1.label, $1.variationID) })
            .enumerated()
        {
            if index % 500 == 499 { await Task.yield() }
            guard let facts = facts[variation.variationID] else { continue }
            let old = pricing.shelfPrice(for: variation, facts: facts, at: before)
            let new = pricing.shelfPrice(for: variation, facts: facts, at: moment)
            guard let price = new.price, old.price != price else { continue }
            var line = StagedPlanLine(
                line: lines.count + 1, variationID: variation.variationID, itemID: variation.itemID,
                label: variation.label, oldPrice: old.price, newPrice: price, baseValue: nil)
            line.message =
                new.sale.map { sale in sale.name + (sale.endsAt.map { " until \($0)" } ?? "") } ?? "regular price"
            lines.append(line)
        }
        return lines
    }
}
