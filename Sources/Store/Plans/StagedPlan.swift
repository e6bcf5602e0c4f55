import CatalogCore
import GRDB

/// Price changes staged to take effect at a time (`catalog prices plan`): a supplier's new prices from
/// Monday, a sale's prices from its first day. Square's prices have no effective date, so the hub applies
/// a plan itself when its time comes.
public struct StagedPlan: Sendable, Equatable, Codable {
    /// Where a plan stands.
    public enum Status: String, Sendable, Codable, CaseIterable {
        /// Waiting for its time.
        case staged
        /// Every line was applied (or found already applied).
        case applied
        /// Taken back before it was applied.
        case cancelled
    }

    /// What a plan is.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// New prices written to Square at its time (`catalog prices plan`).
        case prices
        /// A Square sale starting: the tags that change then, nothing to write (Square applies its own
        /// pricing rule).
        case saleStarts = "sale_starts"
        /// A Square sale ending: its tags back to the regular price.
        case saleEnds = "sale_ends"
    }

    /// Its number, given when it is staged.
    public var id: Int64?
    /// What the shop calls it ("Spring prices"); the file's name when none was given.
    public var name: String
    /// The location whose own prices it sets; nil sets the base prices.
    public var locationID: String?
    /// When it takes effect, RFC 3339 UTC.
    public var effectiveAt: String
    public var status: Status
    public var stagedAt: String
    /// The counter that staged it.
    public var stagedBy: String
    /// The file it was read from (its name, for the history).
    public var source: String?
    public var cancelledAt: String?
    public var appliedAt: String?
    public var kind: Kind = .prices
    /// The Square pricing rule a sale's plan follows; nil for a plan of prices.
    public var ruleID: String?

    public init(
        name: String, locationID: String?, effectiveAt: String, stagedAt: String, stagedBy: String,
        source: String?, kind: Kind = .prices, ruleID: String? = nil
    ) {
        self.kind = kind
        self.ruleID = ruleID
        self.name = name
        self.locationID = locationID
        self.effectiveAt = effectiveAt
        self.status = .staged
        self.stagedAt = stagedAt
        self.stagedBy = stagedBy
        self.source = source
    }
}

/// One price a plan sets: the variation, the price it had when staged, the new price, and what became of it.
public struct StagedPlanLine: Sendable, Equatable, Codable {
    /// What became of a line.
    public enum Status: String, Sendable, Codable, CaseIterable {
        /// Not applied yet.
        case staged
        /// Square has the new price (written by the plan, or found already there).
        case applied
        /// Square's price moved away from the one the plan was staged over: not overwritten.
        case conflict
        /// Square could not be reached: the change waits in the outbox.
        case queued
        /// Square refused it.
        case failed
    }

    public var planID: Int64?
    /// The line of the plan's file.
    public var line: Int
    public var variationID: String
    public var itemID: String
    /// The variation as a person reads it, as it was when staged.
    public var label: String
    /// The price when staged (nil: variable, or no price of the location's own), in minor units.
    public var oldAmount: Int64?
    public var newAmount: Int64
    public var currency: String
    /// The price field's value in Square's JSON (nil: none) in the local copy when staged: a line whose
    /// value Square has moved away from it by the time it applies is a conflict, not overwritten.
    public var baseValue: String?
    public var status: Status = .staged
    /// Why the line has its status, in words; empty when there is nothing to add.
    public var message = ""
    /// The variation's version after the plan wrote it.
    public var version: Int64?

    public init(
        line: Int, variationID: String, itemID: String, label: String, oldPrice: Money?, newPrice: Money,
        baseValue: JSONValue?
    ) {
        self.baseValue = baseValue?.jsonString
        self.line = line
        self.variationID = variationID
        self.itemID = itemID
        self.label = label
        self.oldAmount = oldPrice?.amount
        self.newAmount = newPrice.amount
        self.currency = newPrice.currency
    }

    public var oldPrice: Money? { oldAmount.map { Money(amount: $0, currency: currency) } }
    public var newPrice: Money { Money(amount: newAmount, currency: currency) }
}

extension StagedPlan: StoreRecord, PersistableRecord, FetchableRecord {
    public static let databaseTableName = "price_plans"
}

extension StagedPlanLine: StoreRecord, PersistableRecord, FetchableRecord {
    public static let databaseTableName = "price_plan_lines"
}

/// A plan and how many lines it has.
public struct StagedPlanSummary: Sendable, Equatable {
    public var plan: StagedPlan
    public var lines: Int

    public init(plan: StagedPlan, lines: Int) {
        self.plan = plan
        self.lines = lines
    }
}

extension CatalogDatabase {
    /// Migration v22: price changes staged for a time.
    static let stagedPlanSchema = """
        CREATE TABLE price_plans (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL,
            location_id TEXT,
            effective_at TEXT NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('staged', 'applied', 'cancelled')),
            staged_at TEXT NOT NULL,
            staged_by TEXT NOT NULL,
            source TEXT,
            cancelled_at TEXT,
            applied_at TEXT
        );
        CREATE INDEX price_plans_due ON price_plans(effective_at) WHERE status = 'staged';
        CREATE TABLE price_plan_lines (
            plan_id INTEGER NOT NULL REFERENCES price_plans(id) ON DELETE CASCADE,
            line INTEGER NOT NULL,
            variation_id TEXT NOT NULL,
            item_id TEXT NOT NULL,
            label TEXT NOT NULL,
            old_amount INTEGER,
            new_amount INTEGER NOT NULL,
            currency TEXT NOT NULL,
            base_value TEXT,
            status TEXT NOT NULL DEFAULT 'staged'
                CHECK (status IN ('staged', 'applied', 'conflict', 'queued', 'failed')),
            message TEXT NOT NULL DEFAULT '',
            version INTEGER,
            PRIMARY KEY (plan_id, line)
        );
        """

    /// Migration v25: plans that follow Square's sales (a pricing rule's first and last moment), one per rule,
    /// edge, location and time.
    static let salePlanSchema = """
        ALTER TABLE price_plans ADD COLUMN kind TEXT NOT NULL DEFAULT 'prices'
            CHECK (kind IN ('prices', 'sale_starts', 'sale_ends'));
        ALTER TABLE price_plans ADD COLUMN rule_id TEXT;
        CREATE UNIQUE INDEX price_plans_sale ON price_plans(rule_id, kind, location_id, effective_at)
            WHERE rule_id IS NOT NULL;
        """

    /// Stages `plan` with its `lines` in one transaction: the plan as stored, with its number.
    public func stage(_ plan: StagedPlan, lines: [StagedPlanLine]) async throws -> StagedPlan {
        try await write { db in
            let stored = try plan.insertAndRead(db, as: StagedPlan.self)
            for var line in lines {
                line.planID = stored.id
                try line.insert(db)
            }
            return stored
        }
    }

    /// Every plan with one of `statuses` (all when nil), by effective time, with how many lines each has.
    public func stagedPlans(statuses: Set<StagedPlan.Status>? = nil) async throws -> [StagedPlanSummary] {
        try await read { db in
            let plans = try StagedPlan.order(Column("effective_at"), Column("id")).fetchAll(db)
                .filter { statuses?.contains($0.status) ?? true }
            let counts = try Row.fetchAll(
                db, sql: "SELECT plan_id, count(*) AS lines FROM price_plan_lines GROUP BY plan_id")
            let byPlan = Dictionary(counts.map { ($0["plan_id"] as Int64, $0["lines"] as Int) }) { first, _ in first }
            return plans.map { StagedPlanSummary(plan: $0, lines: $0.id.flatMap { byPlan[$0] } ?? 0) }
        }
    }

    /// Plan `id` and its lines in file order, if there is one.
    public func stagedPlan(id: Int64) async throws -> (plan: StagedPlan, lines: [StagedPlanLine])? {
        try await read { db in
            guard let plan = try StagedPlan.fetchOne(db, key: id) else { return nil }
            let lines = try StagedPlanLine.filter(Column("plan_id") == id).order(Column("line")).fetchAll(db)
            return (plan, lines)
        }
    }

    /// Cancels plan `id` if it is still staged, at `now`: the plan as it is afterwards (nil when there is no
    /// such plan). A plan applied or cancelled already is returned unchanged, for the caller to say so.
    public func cancelPlan(id: Int64, at now: Timestamp) async throws -> StagedPlan? {
        try await write { db in
            guard var plan = try StagedPlan.fetchOne(db, key: id) else { return nil }
            guard plan.status == .staged else { return plan }
            plan.status = .cancelled
            plan.cancelledAt = now.rfc3339
            try plan.update(db)
            return plan
        }
    }

    /// The staged plans whose time has come by `now`, earliest first.
    public func duePlans(at now: Timestamp) async throws -> [StagedPlan] {
        try await read { db in
            try StagedPlan.filter(Column("status") == StagedPlan.Status.staged.rawValue)
                .filter(Column("effective_at") <= now.rfc3339).order(Column("effective_at"), Column("id")).fetchAll(db)
        }
    }

    /// Records what became of one line of plan `planID`.
    public func settle(_ line: StagedPlanLine) async throws {
        try await write { db in try line.update(db) }
    }

    /// Marks plan `id` applied at `now` once none of its lines is still staged; whether it was.
    public func finishPlan(id: Int64, at now: Timestamp) async throws -> Bool {
        try await write { db in
            let open = try StagedPlanLine.filter(Column("plan_id") == id)
                .filter(Column("status") == StagedPlanLine.Status.staged.rawValue).fetchCount(db)
            guard open == 0, var plan = try StagedPlan.fetchOne(db, key: id), plan.status == .staged else {
                return false
            }
            plan.status = .applied
            plan.appliedAt = now.rfc3339
            try plan.update(db)
            return true
        }
    }
}
