import CatalogCore
import Store
import Sync

extension ReorderOutput {
    /// One proposal for scripts: the variation, its stock and threshold, and how many to order.
    public static func json(_ suggestion: ReorderSuggestion) -> JSONValue {
        var object = suggestion.variation?.json ?? ["variation_id": .string(suggestion.variationID)]
        object["on_hand"] = .string(suggestion.onHand)
        object["threshold"] = .int(suggestion.threshold)
        object["par_level"] = .string("\(suggestion.parLevel)")
        object["already_open"] = .int(Int64(suggestion.alreadyOpen))
        object["proposal"] = .int(Int64(suggestion.proposal))
        return object
    }

    /// One proposal as a person reads it.
    public static func text(_ suggestion: ReorderSuggestion) -> String {
        let name = suggestion.variation.map(Lookup.describe) ?? suggestion.variationID
        let open = suggestion.alreadyOpen > 0 ? ", \(suggestion.alreadyOpen) already on the list" : ""
        return "order \(suggestion.proposal) ×  \(name)  (on hand \(suggestion.onHand), low at "
            + "\(suggestion.threshold), par \(suggestion.parLevel)\(open))"
    }

    /// What a suggestion run found, in one line, in `frontEnd`'s words.
    public static func summary(_ suggestions: ReorderWorkflow.Suggestions, frontEnd: FrontEnd) -> String {
        let report = suggestions.report
        return "\(suggestions.location.name): \(Terminal.count(report.tracked)) tracked variations, "
            + "\(Terminal.count(report.suggestions.count)) at or below their threshold to order"
            + (report.alreadyCovered > 0 ? ", \(Terminal.count(report.alreadyCovered)) already on the list" : "")
            + (report.withoutThreshold > 0
                ? ", \(Terminal.count(report.withoutThreshold)) without a low-stock threshold" : "")
            + (suggestions.applied
                ? "; added \(Terminal.count(suggestions.added.count)) lines to the list."
                : frontEnd == .commandLine ? ". Add them with --apply." : "; none added to the list yet.")
    }

    /// A receipt as a person reads it: what arrived, Square's count or why it waits, what is left.
    public static func text(_ receipt: ReorderWorkflow.Receipt) -> String {
        let result = receipt.result
        let (count, label, place) = (receipt.quantity, receipt.variation.label, receipt.location.name)
        var parts: [String] = []
        switch result.status {
        case .posted:
            parts.append("Received \(count) × \(label) at \(place)")
            if let stock = result.inStock { parts.append("Square now counts \(stock) in stock") }
        case .queued(let reason):
            parts.append(
                "Queued: \(count) × \(label) received at \(place), not yet in Square "
                    + "(\(reason)); catalog sync sends it (outbox #\(result.receipt.outboxID))")
        }
        let left = receipt.stillOnOrder
        parts.append(left > 0 ? "\(left) still on order" : "nothing left on order")
        if result.receipt.unlisted > 0 {
            parts.append("\(result.receipt.unlisted) \(result.receipt.unlisted == 1 ? "was" : "were") not on the list")
        }
        return parts.joined(separator: "; ") + "."
    }

    /// A receipt for scripts.
    public static func json(_ receipt: ReorderWorkflow.Receipt) -> JSONValue {
        let result = receipt.result
        var status: JSONValue = "posted"
        var reason: JSONValue = .null
        if case .queued(let text) = result.status {
            status = "queued"
            reason = .string(text)
        }
        return [
            "status": status, "reason": reason, "quantity": .int(Int64(receipt.quantity)),
            "location": .string(receipt.location.name),
            "in_stock": result.inStock.map(JSONValue.string) ?? .null,
            "outbox_id": .int(result.receipt.outboxID), "unlisted": .int(Int64(result.receipt.unlisted)),
            "lines": .array(
                result.receipt.lines.map {
                    [
                        "line_id": .int($0.lineID), "quantity": .int(Int64($0.quantity)),
                        "completed": .bool($0.completed),
                    ]
                }),
        ]
    }

    /// One change to the list for scripts.
    public static func json(_ event: ReorderEvent, label: String) -> JSONValue {
        [
            "id": .int(event.id), "at": .string(event.at), "counter": .string(event.counter),
            "line_id": .int(event.lineID), "variation_id": .string(event.variationID),
            "item": .string(label), "action": .string(event.action),
            "quantity": event.quantity.map { .int(Int64($0)) } ?? .null,
            "detail": event.detail.map(JSONValue.string) ?? .null,
        ]
    }

    /// One change to the list as a person reads it.
    public static func text(_ event: ReorderEvent, label: String) -> String {
        let quantity = event.quantity.map { " \($0) ×" } ?? ""
        let detail = event.detail.map { "  (\($0))" } ?? ""
        return "\(event.at)  \(Terminal.visible(event.counter))  \(event.action)\(quantity) \(Terminal.visible(label))"
            + Terminal.visible(detail)
    }
}
