import CatalogCore
import Foundation
import Store

/// What one scan did, as a counter screen shows it: its kind (for the card's colour and sound), a headline
/// a person reads at a glance ("+2 received"), the detail, and the figures behind it. The scan's `action`
/// stays the log's and the terminal's line; this is the same outcome for a screen.
public struct ScanResult: Sendable, Equatable {
    /// The tags a receipt offers to print: one per unit, one per case, and the case size when known.
    public struct LabelOffer: Sendable, Equatable {
        public var unit: Int
        public var perCase: Int
        public var caseSize: Int?
    }

    public enum Kind: String, Sendable {
        /// Looked up: the item is shown.
        case found
        /// Added to the reorder list.
        case reordered
        /// Stock received into Square (or queued for it).
        case received
        /// Counted into the open count.
        case counted
        /// Its tag sent to the printer.
        case printed
        /// Put on the shelf scanned last (its shelf place set in Square).
        case shelved
        /// Audit mode: the item's last tag shows today's price.
        case tagOK = "tag_ok"
        /// Audit mode: the item's last tag shows another price (a reprint is queued), or none is on record.
        case tagWrong = "tag_wrong"
        /// The counter's mode or next quantity changed (a command barcode).
        case command
        /// No item has this code.
        case unknown
        /// In Square, but a sync could not store it.
        case heldBack = "held_back"
        /// Not done: the mode is off, the code is ambiguous or not a code, or the action failed.
        case refused
    }

    public var kind: Kind
    /// A few words, the card's heading: "+2 received", "Added 1 to the reorder list", "Unknown code".
    public var headline: String
    /// What else a person needs to know, in a sentence; nil when the headline says it all.
    public var detail: String?
    /// How many the scan stood for (the next-quantity command's, else 1).
    public var quantity: Int?
    /// Square's IN_STOCK count at the counter's location before and after a receipt, when known.
    public var stockBefore: String?
    public var stockAfter: String?
    /// The total the scan made: on the reorder list, or counted of this variation in the open count.
    public var total: String?
    /// A receipt's outbox entry (the one an undo compensates) and until when it may be undone.
    public var receiptOutboxID: Int64?
    public var undoUntil: Timestamp?
    public var labelOffer: LabelOffer?

    public init(_ kind: Kind, _ headline: String, detail: String? = nil, quantity: Int? = nil) {
        self.kind = kind
        self.headline = headline
        self.detail = detail
        self.quantity = quantity
    }

    /// The result of a scan the log kept without one (a scan `catalog scan` made on the hub's computer, or one
    /// from before results were kept), read from its action, the log's line: `found`, `reorder +1 = 3`, ….
    public static func logged(action: String) -> ScanResult {
        let kinds: [(prefix: String, kind: Kind, headline: String)] = [
            ("found", .found, "Found"), ("reorder", .reordered, "Reorder"), ("received", .received, "Received"),
            ("count +", .counted, "Counted"), ("label job", .printed, "Tag"), ("shelf ", .shelved, "Shelf"),
            ("tag ok", .tagOK, "Tag OK"), ("tag stale", .tagWrong, "Tag wrong"),
            ("no tag on record", .tagWrong, "Tag wrong"), ("mode", .command, "Counter"),
            ("quantity", .command, "Counter"), ("unknown", .unknown, "Unknown"), ("held back", .heldBack, "Held back"),
        ]
        guard let match = kinds.first(where: { action.hasPrefix($0.prefix) }) else {
            let why = action.hasPrefix("refused: ") ? String(action.dropFirst("refused: ".count)) : action
            return .refused(why.isEmpty ? "not done" : why)
        }
        return ScanResult(match.kind, match.headline)
    }

    /// A refusal: the headline says it was not done, the detail why.
    public static func refused(_ why: String, headline: String = "Not done") -> ScanResult {
        ScanResult(.refused, headline, detail: Self.sentence(why))
    }

    /// `text` as a sentence: its first letter upper-cased and a full stop at the end.
    static func sentence(_ text: String) -> String {
        guard let first = text.first else { return text }
        let body = first.uppercased() + text.dropFirst()
        return body.hasSuffix(".") || body.hasSuffix("?") || body.hasSuffix("!") ? body : body + "."
    }

    /// How long a receipt can be undone from the counter after it was scanned.
    public static let undoWindowSeconds: Int64 = 30

    public var json: JSONValue {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        var object: JSONValue = [
            "kind": .string(kind.rawValue), "headline": .string(headline), "detail": text(detail),
            "quantity": quantity.map { .int($0) } ?? .null, "total": text(total),
        ]
        if stockBefore != nil || stockAfter != nil {
            object["stock"] = ["before": text(stockBefore), "after": text(stockAfter)]
        }
        if let receiptOutboxID { object["receipt"] = .int(receiptOutboxID) }
        if let undoUntil { object["undo_until"] = .string(undoUntil.rfc3339) }
        if let offer = labelOffer {
            object["labels"] = [
                "unit": .int(offer.unit), "case": .int(offer.perCase),
                "case_size": offer.caseSize.map(JSONValue.int) ?? .null,
            ]
        }
        return object
    }
}
