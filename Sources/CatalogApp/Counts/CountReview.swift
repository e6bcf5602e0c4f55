import CatalogCore
import Foundation
import Store
import Sync

/// A count against what Square expects: each line counted, each variation in scope not counted, the
/// variance in units and at the vendor's unit cost, and totals per category and vendor.
public struct CountReview: Sendable {
    /// One variation of the review.
    public struct Line: Sendable {
        public var variation: VariationSummary
        /// Nil when it is in scope but was not counted.
        public var counted: Decimal?
        /// Square's IN_STOCK quantity now (read at review), else what was read at the first count; nil
        /// when neither could be read.
        public var expected: Decimal?
        public var supply: VendorSupply?
        public var vendorName: String?
        /// Whether it is sold at the count's location.
        public var soldHere: Bool
        /// Whether Square tracks its stock at the count's location (nil: the replica does not know it);
        /// an untracked line is posted only with `--track`.
        public var tracked: Bool?
        /// When it was last counted: the moment its physical count is as of (nil when not counted).
        public var countedAt: Timestamp?
        /// What posting does with it by its age (`CountAgeing`); nil when it is not counted, already sent, or
        /// counted too long ago while Square's changes since could not be read (then `waits`).
        public var ageing: CountAgeing?
        /// Counted too long ago for Square, and Square's changes since could not be read: posting leaves it
        /// waiting until they can be.
        public var waits = false
        /// The area of the count it was counted in (or, not counted, the first area holding it).
        public var area: String?
        /// What earlier rounds counted, first round first, when recounts replaced them.
        public var earlier: [Decimal] = []
        /// Who counted how much of it (several people counting one area add up), first to count first.
        public var countedBy: [(counter: String, quantity: Decimal)] = []

        /// Counted too long ago for Square to take as it was counted: posted as of now, or refused, or waiting.
        public var aged: Bool { waits || (ageing != nil && ageing != .asCounted) }

        /// What posting sends: the count, or (aged) the count moved by what Square recorded since.
        public var posts: Decimal? {
            if case .asOfNow(let posts, _) = ageing { return posts }
            return waits || ageing?.refusal != nil ? nil : counted
        }

        /// What posting changes Square's count by: what it sends minus what Square expects now (counted minus
        /// expected, when the line is posted as counted), when both are known.
        public var variance: Decimal? {
            guard let counted, let expected else { return nil }
            if case .asOfNow(let posts, _) = ageing { return posts - expected }
            return counted - expected
        }

        /// What was counted at the vendor's unit cost, when both are known.
        public var value: Money? {
            guard let counted, let cost = supply?.unitCost else { return nil }
            return Money(amount: PricingCatalog.rounded(counted * Decimal(cost.amount)), currency: cost.currency)
        }

        /// The variance at the vendor's unit cost, when both are known.
        public var varianceCost: Money? {
            guard let variance, let cost = supply?.unitCost else { return nil }
            let amount = NSDecimalNumber(decimal: variance * Decimal(cost.amount)).rounding(
                accordingToBehavior: NSDecimalNumberHandler(
                    roundingMode: .plain, scale: 0, raiseOnExactness: false, raiseOnOverflow: false,
                    raiseOnUnderflow: false, raiseOnDivideByZero: false))
            return Money(amount: amount.int64Value, currency: cost.currency)
        }
    }

    /// Totals of a group of lines (the whole count, a category, a vendor).
    public struct Totals: Sendable {
        public var name: String
        public var lines = 0
        public var counted = Decimal(0)
        public var expected = Decimal(0)
        public var variance = Decimal(0)
        /// The variance at cost, per currency, of the lines whose cost is known.
        public var varianceCost: [String: Int64] = [:]
        /// Lines with a variance but no unit cost: the cost above leaves them out.
        public var uncosted = 0
        /// What was counted at cost, per currency, of the lines whose cost is known.
        public var value: [String: Int64] = [:]

        mutating func add(_ line: Line) {
            guard let counted = line.counted else { return }
            lines += 1
            self.counted += counted
            expected += line.expected ?? 0
            variance += line.variance ?? 0
            if let value = line.value { self.value[value.currency, default: 0] += value.amount }
            if let cost = line.varianceCost {
                varianceCost[cost.currency, default: 0] += cost.amount
            } else if let variance = line.variance, variance != 0 {
                uncosted += 1
            }
        }
    }

    public var session: CountSession
    public var location: CounterLocation
    /// The lines counted, in the order first counted.
    public var counted: [Line]
    /// The variations in scope not counted: never posted as zero unless asked for.
    public var notCounted: [Line]
    /// Whether what Square expects was read now (else the figures are those read at each first count).
    public var expectedReadNow: Bool
    /// When the review was made.
    public var at: Timestamp
    /// Why the lines that `waits` wait: Square's changes since they were counted could not be read.
    public var ageingProblem: String?
    /// Lines getting old (or already too old for Square to take as counted), when any are.
    public var ageWarning: CountAgeWarning?

    public var total: Totals {
        var totals = Totals(name: "all")
        for line in counted { totals.add(line) }
        return totals
    }

    public var byCategory: [Totals] { Self.group(counted) { $0.variation.category ?? "No category" } }
    /// Totals per area, in a count of areas.
    public var byArea: [Totals] { Self.group(counted.filter { $0.area != nil }) { $0.area ?? "" } }
    public var byVendor: [Totals] { Self.group(counted) { $0.vendorName ?? "No vendor" } }

    static func group(_ lines: [Line], by key: (Line) -> String) -> [Totals] {
        var groups: [String: Totals] = [:]
        for line in lines { groups[key(line), default: Totals(name: key(line))].add(line) }
        return groups.values.sorted { $0.name < $1.name }
    }
}

extension CountWorkflow {
    /// The variations in `session`'s scope (at its location) without a line: those sold there, of every
    /// variation for `all`, of its areas for `areas`.
    func uncounted(_ session: CountSession, lines: [CountLine], at place: CounterLocation) async throws
        -> [VariationSummary]
    {
        var scope: [VariationSummary] = []
        switch session.scope {
        case .open: break
        case .all: scope = try await database.activeVariations()
        case .areas:
            var seen = Set<String>()
            for area in try await database.countAreas(sessionID: session.id) {
                scope += try await database.members(of: area, at: place.id).filter {
                    seen.insert($0.variationID).inserted
                }
            }
        }
        let countedIDs = Set(lines.map(\.variationID))
        return scope.map { $0.at(place) }.filter { $0.isSold && !countedIDs.contains($0.variationID) && !$0.isArchived }
    }

    /// Reviews `session`: reads what Square expects now for every variation counted or in scope (when
    /// Square can be asked), and sets the counted lines against it.
    public func review(_ session: CountSession) async throws -> CountReview {
        let place = try await location(of: session)
        let lines = try await database.countLines(sessionID: session.id)
        let variations = try await database.variations(ids: lines.map(\.variationID)).mapValues { $0.at(place) }
        let scope = try await uncounted(session, lines: lines, at: place)
        let ids = lines.map(\.variationID) + scope.map(\.variationID)

        var now: [String: String]?
        // A count posted (or being posted) is set against what Square expected when it was counted: Square's
        // figures now are the count itself.
        if ![.posted, .posting].contains(session.status), let client = try? context.makeClient() {
            let counts = try? await ReorderSuggester(database: database, client: client).readCounts(
                ids: ids, locationID: place.id, progress: nil)
            if let counts {
                try? await database.saveStockCounts(counts)
                now = Dictionary(counts.map { ($0.variationID, $0.quantity) }) { first, _ in first }
            }
        }
        let areas = try await database.countAreas(sessionID: session.id)
        let supplies = try await database.vendorSupplies(
            variationIDs: ids, preferred: areas.filter { $0.kind == .vendor }.flatMap(\.ids))
        let vendorNames = try await database.vendorNames()
        let tracking = try await database.inventoryTracking(variationIDs: ids, locationID: place.id)
        let ageing = await ageing(of: lines, at: place)
        let areaNames = Dictionary(areas.compactMap { area in area.id.map { ($0, area.name) } }) { first, _ in first }
        let earlier = Dictionary(grouping: try await database.recountedLines(sessionID: session.id), by: \.variationID)
        let counters = try await database.countedBy(sessionID: session.id)
        func line(_ variation: VariationSummary, counted: CountLine?) -> CountReview.Line {
            let quantity = now.map { $0[variation.variationID] ?? "0" } ?? counted?.expected
            let supply = supplies[variation.variationID]
            return CountReview.Line(
                variation: variation, counted: counted?.counted, expected: quantity.flatMap { Decimal(string: $0) },
                supply: supply, vendorName: supply?.vendorID.flatMap { vendorNames[$0] }, soldHere: variation.isSold,
                tracked: tracking[variation.variationID],
                countedAt: counted.flatMap { Timestamp(rfc3339: $0.lastCountedAt) },
                ageing: ageing.outcomes[variation.variationID],
                waits: ageing.waiting.contains(variation.variationID),
                area: counted?.areaID.flatMap { areaNames[$0] }
                    ?? earlier[variation.variationID]?.last?.areaID.flatMap { areaNames[$0] },
                earlier: (earlier[variation.variationID] ?? []).map(\.counted),
                countedBy: counted == nil ? [] : counters[variation.variationID] ?? [])
        }
        let countedLines = lines.compactMap { counted in
            variations[counted.variationID].map { line($0, counted: counted) }
        }
        return CountReview(
            session: session, location: place, counted: countedLines, notCounted: scope.map { line($0, counted: nil) },
            expectedReadNow: now != nil, at: context.clock.now(), ageingProblem: ageing.problem,
            ageWarning: [.open, .posting].contains(session.status) ? ageWarning(of: lines) : nil)
    }
}
