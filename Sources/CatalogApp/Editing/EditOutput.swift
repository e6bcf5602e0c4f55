import CatalogCore
import Store
import Sync

/// How an edit's result is shown: a few lines for people, one JSON object for scripts.
public enum EditOutput {
    /// An edit's result as a person reads it, what to look at next in `frontEnd`'s words.
    public static func text(
        _ result: EditResult, label: String, location: CounterLocation? = nil, frontEnd: FrontEnd
    ) -> String {
        let changes = result.changes.map { change in
            var name = change.field.kind.rawValue
            if change.field.location != nil { name += " at " + (location?.name ?? change.field.location ?? "") }
            return "  " + Terminal.column(name, 14) + " "
                + change.field.display(change.old) + " → " + change.field.display(change.new)
        }
        var head: String
        switch result.status {
        case .applied:
            head = "\(label): updated in Square"
            if let old = result.oldVersion, let new = result.newVersion { head += " (version \(old) → \(new))" }
            if result.attempts > 1 { head += ", after \(result.attempts - 1) version conflict(s) with another writer" }
        case .unchanged:
            return "\(label): nothing to change, Square already has these values."
        case .queued(let id, let reason):
            head =
                "\(label): NOT sent yet. \(reason)\nThe edit waits in the outbox as #\(id) and will be sent by "
                + "\(frontEnd.nextSync) (see \(frontEnd.outbox))."
        case .conflict:
            head = "\(label): conflict, nothing written"
        }
        return ([head] + changes).joined(separator: "\n")
    }

    public static func json(_ result: EditResult) -> JSONValue {
        var object: JSONValue = [
            "status": .string(statusName(result.status)),
            "item_id": .string(result.itemID),
            "variation_id": .string(result.variationID),
            "changes": .array(
                result.changes.map {
                    ["field": .string($0.field.rawValue), "old": $0.old ?? .null, "new": $0.new ?? .null]
                }
            ),
            "old_version": result.oldVersion.map(JSONValue.int) ?? .null,
            "new_version": result.newVersion.map(JSONValue.int) ?? .null,
            "attempts": .int(result.attempts),
        ]
        if case .queued(let id, let reason) = result.status {
            object["outbox_id"] = .int(id)
            object["reason"] = .string(reason)
        }
        if case .conflict(let remote) = result.status {
            // What Square holds now in each field that moved away from what the person saw.
            object["remote"] = .object(
                JSONObject(remote.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) }))
        }
        return object
    }

    public static func statusName(_ status: EditResult.Status) -> String {
        switch status {
        case .applied: "applied"
        case .unchanged: "unchanged"
        case .queued: "queued"
        case .conflict: "conflict"
        }
    }
}
