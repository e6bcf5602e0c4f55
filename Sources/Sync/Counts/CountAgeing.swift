import CatalogCore
import Foundation

/// What posting does with one counted line, by its age: the one rule `count post` follows and `count review`
/// shows. Square takes a physical count only while its `occurred_at` is inside its window (`InventoryWindow`);
/// a line counted longer ago is posted as of now, its quantity moved by what Square recorded for that
/// variation and location since it was counted (units received add, units sold or moved out subtract, never
/// below zero), and refused when Square holds a newer IN_STOCK count of it.
public enum CountAgeing: Sendable, Equatable {
    /// Inside Square's window: posted as counted, as of when it was counted.
    case asCounted
    /// Counted too long ago: posted as `posts` as of now, after `since` moved the count.
    case asOfNow(posts: Decimal, since: Movement)
    /// Square holds a newer IN_STOCK count (`quantity` as of `at`) than this line, counted at `countedAt`.
    case newerCountInSquare(quantity: String, at: String, countedAt: Timestamp)

    /// What Square recorded for a variation at a location since a line was counted.
    public struct Movement: Sendable, Equatable {
        /// Units moved into IN_STOCK (received, returned, found).
        public var received = Decimal(0)
        /// Units sold (IN_STOCK to SOLD).
        public var sold = Decimal(0)
        /// Units moved out of IN_STOCK otherwise (waste, damage, a transfer).
        public var movedOut = Decimal(0)

        public init(received: Decimal = 0, sold: Decimal = 0, movedOut: Decimal = 0) {
            self.received = received
            self.sold = sold
            self.movedOut = movedOut
        }

        /// What it does to the count: received minus sold minus moved out.
        public var net: Decimal { received - sold - movedOut }

        /// In staff words: "3 sold since", "2 received, 1 sold since", "nothing sold or received since".
        public var words: String {
            var parts: [String] = []
            if received != 0 { parts.append("\(Quantity.text(received)) received") }
            if sold != 0 { parts.append("\(Quantity.text(sold)) sold") }
            if movedOut != 0 { parts.append("\(Quantity.text(movedOut)) taken out of stock") }
            return parts.isEmpty ? "nothing sold or received since" : parts.joined(separator: ", ") + " since"
        }
    }

    /// The outcome for a line of `variationID` counted `counted` at `countedAt`, posted at `now`, given Square's
    /// inventory changes (adjustments and physical counts) at the line's location; changes of other variations,
    /// and those from before the line was counted, are left aside.
    public static func of(
        counted: Decimal, at countedAt: Timestamp, variationID: String, now: Timestamp, changes: [JSONValue]
    ) -> CountAgeing {
        guard InventoryWindow.outside(countedAt, now: now) else { return .asCounted }
        let since = changes.filter {
            subject(of: $0) == variationID
                && (InventoryWindow.occurredAt($0)?.epochMilliseconds ?? 0) > countedAt.epochMilliseconds
        }
        if let recount = since.compactMap({ $0["physical_count"] }).first(where: {
            $0["state"]?.stringValue == "IN_STOCK"
        }) {
            return .newerCountInSquare(
                quantity: recount["quantity"]?.stringValue ?? "?", at: recount["occurred_at"]?.stringValue ?? "?",
                countedAt: countedAt)
        }
        var movement = Movement()
        for change in since { movement.add(change) }
        return .asOfNow(posts: max(0, counted + movement.net), since: movement)
    }

    /// Why the line is refused, when it is: Square's reason as the line keeps it.
    public var refusal: String? {
        guard case .newerCountInSquare(let quantity, let at, let countedAt) = self else { return nil }
        return "Square has a newer count (\(quantity) at \(at)) than this one (\(countedAt.rfc3339))"
    }

    /// The variation an inventory change of Square's is about.
    static func subject(of change: JSONValue) -> String? {
        (change["adjustment"] ?? change["physical_count"])?["catalog_object_id"]?.stringValue
    }
}

extension CountAgeing.Movement {
    /// Adds what an adjustment did to the IN_STOCK quantity (a physical count, or an adjustment between two
    /// other states, moves nothing).
    mutating func add(_ change: JSONValue) {
        guard let adjustment = change["adjustment"],
            let quantity = Quantity.parse(adjustment["quantity"]?.stringValue ?? "")
        else { return }
        let from = adjustment["from_state"]?.stringValue
        let to = adjustment["to_state"]?.stringValue
        guard (from == "IN_STOCK") != (to == "IN_STOCK") else { return }
        if to == "IN_STOCK" {
            received += quantity
        } else if to == "SOLD" {
            sold += quantity
        } else {
            movedOut += quantity
        }
    }
}
