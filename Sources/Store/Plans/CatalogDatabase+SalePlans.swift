import CatalogCore
import GRDB

extension StagedPlan {
    /// What tells a sale's plans apart: the rule, the edge, the place and the time.
    var saleKey: String {
        [ruleID ?? "", kind.rawValue, locationID ?? "", effectiveAt].joined(separator: "\u{1F}")
    }
}

extension CatalogDatabase {
    /// The sync-state key holding the basis the sale plans were last worked out under.
    static let salePlanBasisKey = "sale_plans_basis"

    /// What the sale plans depend on, as one text: the pricing objects and locations (the stamp the pricing
    /// catalog is cached under), Square's `latest_time` from the last sync, the last change this tool wrote,
    /// and the variations stored. `current` is now; `stored` is the one the plans were last worked out under.
    public func salePlanBasis() async throws -> (current: String, stored: String?) {
        try await read { db in
            let history = try Int64.fetchOne(db, sql: "SELECT IFNULL(MAX(id), 0) FROM history") ?? 0
            let variations = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM variations") ?? 0
            let parts = [
                try Self.pricingStamp(db), try Self.syncStateValue("latest_time", db: db) ?? "", "\(history)",
                "\(variations)",
            ]
            return (parts.joined(separator: "|"), try Self.syncStateValue(Self.salePlanBasisKey, db: db))
        }
    }

    /// Brings the plans that follow Square's sales in line with `wanted` (each a plan with its tags), worked
    /// out under `basis` at `now`, in one transaction: a wanted plan already staged gets its name and tags
    /// anew; one not yet kept is staged (unless a plan for the same rule, edge, place and time was applied or
    /// cancelled already); a staged one no longer wanted, since the sale changed or went in Square, is
    /// cancelled. One whose time has passed is left for `duePlans`. Returns how many plans were staged,
    /// refreshed and cancelled.
    public func followSales(
        _ wanted: [(plan: StagedPlan, lines: [StagedPlanLine])], basis: String, at now: Timestamp
    ) async throws -> (staged: Int, refreshed: Int, cancelled: Int) {
        try await write { db in
            let kept = try StagedPlan.filter(sql: "rule_id IS NOT NULL").fetchAll(db)
            let byKey = Dictionary(kept.map { ($0.saleKey, $0) }) { first, _ in first }
            let wantedKeys = Set(wanted.map { $0.plan.saleKey })
            var counts = (staged: 0, refreshed: 0, cancelled: 0)
            for var plan in kept
            where plan.status == .staged && !wantedKeys.contains(plan.saleKey) && plan.effectiveAt > now.rfc3339 {
                plan.status = .cancelled
                plan.cancelledAt = now.rfc3339
                try plan.update(db)
                counts.cancelled += 1
            }
            for (plan, lines) in wanted {
                var stored: StagedPlan
                if let existing = byKey[plan.saleKey] {
                    guard existing.status == .staged, let id = existing.id else { continue }
                    stored = existing
                    stored.name = plan.name
                    try stored.update(db)
                    try StagedPlanLine.filter(Column("plan_id") == id).deleteAll(db)
                    counts.refreshed += 1
                } else {
                    stored = try plan.insertAndRead(db, as: StagedPlan.self)
                    counts.staged += 1
                }
                for var line in lines {
                    line.planID = stored.id
                    try line.insert(db)
                }
            }
            try Self.setSyncState([Self.salePlanBasisKey: basis], db: db)
            return counts
        }
    }

    /// Marks every line of plan `id` applied, and the plan with them, at `now`: a sale's plan, which has
    /// nothing to write (Square runs the sale itself). Whether the plan was still staged.
    public func finishSalePlan(id: Int64, at now: Timestamp) async throws -> Bool {
        try await write { db in
            guard var plan = try StagedPlan.fetchOne(db, key: id), plan.status == .staged else { return false }
            try db.execute(
                sql: "UPDATE price_plan_lines SET status = 'applied' WHERE plan_id = ? AND status = 'staged'",
                arguments: [id])
            plan.status = .applied
            plan.appliedAt = now.rfc3339
            try plan.update(db)
            return true
        }
    }

    /// The variations a product set names through `ids` (variations, items, categories) whose items are not
    /// archived; every such variation when `ids` is nil (a set of all products).
    public func variations(namedBy ids: [String]?) async throws -> [VariationSummary] {
        guard let ids else { return try await activeVariations() }
        guard !ids.isEmpty else { return [] }
        return try await read { db in
            var found: [String: VariationSummary] = [:]
            for start in stride(from: 0, to: ids.count, by: 300) {
                let chunk = Array(ids[start..<min(start + 300, ids.count)])
                let marks = Self.marks(chunk)
                for summary in try Self.summaries(
                    db,
                    where: """
                        i.is_archived = 0 AND (v.id IN (\(marks)) OR v.item_id IN (\(marks))
                            OR v.item_id IN (SELECT item_id FROM item_categories WHERE category_id IN (\(marks)))
                            OR i.category_id IN (\(marks)))
                        """,
                    arguments: StatementArguments(chunk + chunk + chunk + chunk))
                {
                    found[summary.variationID] = summary
                }
            }
            return found.values.sorted { ($0.itemName, $0.variationID) < ($1.itemName, $1.variationID) }
        }
    }
}
