import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Foundation
import Store
import Sync

/// `catalog reorder suggest`: what is at or below its low-stock threshold, and how many to order.
struct ReorderSuggestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suggest",
        abstract: "Propose what to order from Square's stock counts and each variation's low-stock threshold.",
        discussion: """
            Reads the IN_STOCK count of every variation whose stock is tracked at the location, and \
            compares it with the variation's LOW_QUANTITY alert threshold there (set in Square per \
            location). A variation at or below its threshold is proposed up to a par level: the \
            threshold times the factor (--factor, or reorder.par_factor in the config, default 2), minus \
            what is on hand and what is already on the list or on order, rounded up, at least 1. \
            --apply adds the proposals to the list. Untracked variations and those without a threshold \
            are skipped.
            """
    )

    @OptionGroup var options: GlobalOptions

    @Option(help: ArgumentHelp("The location (name or id); default: the configured or only one.", valueName: "name"))
    var location: String?

    @Option(help: ArgumentHelp("Order up to the threshold times this.", valueName: "factor"))
    var factor: Double?

    @Flag(help: "Add the proposals to the reorder list.")
    var apply = false

    @Flag(help: "Print one JSON object per proposal.")
    var json = false

    func run() async throws {
        try await reportingErrors {
            let settings = try Settings.resolve(options)
            let factor = factor ?? settings.reorder.parFactor ?? 2
            guard ReorderSuggester.parFactors.contains(factor) else {
                throw AppError("--factor must be between 1 and 100, not \(factor).", exitCode: .usage)
            }
            let database = try settings.openDatabase()
            guard let place = try await CounterLocation.resolve(location, configured: settings.location, in: database)
            else { return }
            var suggester = ReorderSuggester(database: database, client: try settings.makeClient())
            suggester.parFactor = factor
            let report = try await suggester.suggest(locationID: place.id) { done, total in
                Terminal.status("Reading stock counts: \(Terminal.count(done)) of \(Terminal.count(total)) variations")
            }
            Terminal.clearStatus()
            var added: [Int64: Int] = [:]
            if apply {
                for suggestion in report.suggestions {
                    let line = try await database.addToReorderList(
                        variationID: suggestion.variationID, quantity: suggestion.proposal,
                        note: nil, counter: settings.counter)
                    added[line.id] = suggestion.proposal
                }
            }
            for suggestion in report.suggestions {
                if json { Terminal.out(Self.json(suggestion)) } else { Terminal.out(Self.text(suggestion)) }
            }
            let summary =
                "\(place.name): \(Terminal.count(report.tracked)) tracked variations, "
                + "\(Terminal.count(report.suggestions.count)) at or below their threshold to order"
                + (report.alreadyCovered > 0 ? ", \(Terminal.count(report.alreadyCovered)) already on the list" : "")
                + (report.withoutThreshold > 0
                    ? ", \(Terminal.count(report.withoutThreshold)) without a low-stock threshold" : "")
                + (apply ? "; added \(Terminal.count(added.count)) lines to the list." : ". Add them with --apply.")
            if json { Terminal.error(summary) } else { Terminal.out(summary) }
        }
    }

    static func json(_ suggestion: ReorderSuggestion) -> JSONValue {
        var object = suggestion.variation?.json ?? ["variation_id": .string(suggestion.variationID)]
        object["on_hand"] = .string(suggestion.onHand)
        object["threshold"] = .int(suggestion.threshold)
        object["par_level"] = .string("\(suggestion.parLevel)")
        object["already_open"] = .int(Int64(suggestion.alreadyOpen))
        object["proposal"] = .int(Int64(suggestion.proposal))
        return object
    }

    static func text(_ suggestion: ReorderSuggestion) -> String {
        let name = suggestion.variation.map(Lookup.describe) ?? suggestion.variationID
        let open = suggestion.alreadyOpen > 0 ? ", \(suggestion.alreadyOpen) already on the list" : ""
        return "order \(suggestion.proposal) ×  \(name)  (on hand \(suggestion.onHand), low at "
            + "\(suggestion.threshold), par \(suggestion.parLevel)\(open))"
    }
}
