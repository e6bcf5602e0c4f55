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

            Square's own sales (automatic discounts whose pricing rule has a start or an end date) are listed \
            here too, as plans made by catalog: one for the moment a sale starts and one for when it ends, at \
            each location, holding the tags whose price changes then. Print them ahead with catalog label \
            print --plan ID; they follow the sale when its dates change in Square, and cannot be cancelled \
            here.
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
        // A sale's plan changes tags, not prices: Square runs the sale.
        let what = plan.kind == .prices ? "prices" : "tags"
        let sale = plan.kind == .prices ? "" : " (Square sale)"
        return "#\(plan.id ?? 0)  \(plan.status.rawValue.uppercased())  \(when)  \(Terminal.visible(plan.name))  "
            + "\(Terminal.count(summary.lines)) \(what), \(Terminal.visible(place))\(sale)"
    }
}
