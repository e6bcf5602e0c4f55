import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Foundation

/// `catalog prices`: price changes staged to take effect at a time.
struct PricesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prices",
        abstract: "Stage price changes for a time: a supplier's new prices from Monday, a sale's first day.",
        discussion: """
            Square's prices have no effective date, so a staged plan is applied by catalog itself when its \
            time comes: by the hub (catalog serve checks every minute, and at start for a plan whose time \
            passed while it was off), or by catalog prices apply. Each line is applied once, fetch before \
            update; a price someone changed in Square since the plan was staged is a conflict and is not \
            overwritten.
            """,
        subcommands: [
            PricesPlanCommand.self, PricesPlansCommand.self, PricesCancelCommand.self, PricesApplyCommand.self,
        ],
        defaultSubcommand: PricesPlansCommand.self
    )

    /// One plan as a line: number, state, time (the shop's), name, lines, where.
    static func line(_ summary: StagedPlanSummary, zone: TimeZone, places: [String: String]) -> String {
        let plan = summary.plan
        let when = Timestamp(rfc3339: plan.effectiveAt).map { StagedPrices.local($0, zone) } ?? plan.effectiveAt
        let place = plan.locationID.map { "at \(places[$0] ?? $0)" } ?? "base prices"
        return "#\(plan.id ?? 0)  \(plan.status.rawValue.uppercased())  \(when)  \(Terminal.visible(plan.name))  "
            + "\(Terminal.count(summary.lines)) prices, \(Terminal.visible(place))"
    }

    static func json(_ summary: StagedPlanSummary) -> JSONValue {
        let plan = summary.plan
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        return [
            "id": plan.id.map(JSONValue.int) ?? .null, "name": .string(plan.name),
            "status": .string(plan.status.rawValue),
            "effective_at": .string(plan.effectiveAt), "location_id": text(plan.locationID),
            "lines": .int(Int64(summary.lines)), "staged_at": .string(plan.stagedAt),
            "staged_by": .string(plan.stagedBy),
            "source": text(plan.source), "cancelled_at": text(plan.cancelledAt), "applied_at": text(plan.appliedAt),
        ]
    }

    static func json(_ line: StagedPlanLine) -> JSONValue {
        [
            "line": .int(Int64(line.line)), "variation_id": .string(line.variationID), "label": .string(line.label),
            "old_price": line.oldPrice?.json ?? .null, "new_price": line.newPrice.json,
            "status": .string(line.status.rawValue), "message": .string(line.message),
            "version": line.version.map(JSONValue.int) ?? .null,
        ]
    }
}
