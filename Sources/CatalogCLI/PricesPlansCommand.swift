import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Foundation

/// `catalog prices plans`.
struct PricesPlansCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "plans", abstract: "List the staged price plans, and with --all the applied and cancelled.")

    @OptionGroup var options: GlobalOptions

    @Flag(help: "List applied and cancelled plans too.")
    var all = false

    @Option(help: ArgumentHelp("Show one plan's lines.", valueName: "id"))
    var show: String?

    @Flag(help: "Print the plans (or the plan) as JSON.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let staging = try StagedPrices(context: context)
        let names = try await staging.locationNames()
        if let show {
            let (plan, lines) = try await staging.plan(show)
            let summary = StagedPlanSummary(plan: plan, lines: lines.count)
            if json {
                var object = summary.json
                object["prices"] = .array(lines.map(\.json))
                return output.out(object)
            }
            let zone = try await staging.timeZone(at: plan.locationID)
            output.out(PricesCommand.line(summary, zone: zone, places: names))
            for line in lines {
                let status = line.status == .staged ? "" : "  \(line.status.rawValue.uppercased())"
                output.out(
                    "  line \(line.line)  \(Terminal.visible(line.label))  "
                        + "\(line.oldPrice?.formatted ?? "variable") → \(line.newPrice.formatted)\(status)"
                        + (line.message.isEmpty ? "" : "  \(line.message)"))
            }
            return
        }
        let plans = try await staging.plans(all: all)
        if json { return output.out(.array(plans.map(\.json))) }
        if plans.isEmpty {
            output.error(all ? "No price plans." : "No plans are staged. Stage one with catalog prices plan.")
        }
        // The time zone of each location once, not once per plan.
        var zones: [String: TimeZone] = [:]
        for summary in plans {
            let key = summary.plan.locationID ?? ""
            if zones[key] == nil { zones[key] = try await staging.timeZone(at: summary.plan.locationID) }
            guard let zone = zones[key] else { continue }
            output.out(PricesCommand.line(summary, zone: zone, places: names))
        }
    }
}
