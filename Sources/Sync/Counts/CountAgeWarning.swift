import CatalogCore
import Foundation

/// A warning that an open count's lines are getting old: from `InventoryWindow.warnAfter` there is still time
/// to post them as counted; from `InventoryWindow.restampAfter` they are posted as of now, adjusted by what
/// Square recorded since (`CountAgeing`). The review, `count show` and the hub say it the same way.
public struct CountAgeWarning: Sendable, Equatable {
    /// Lines still inside Square's window but counted `InventoryWindow.warnAfter` or more ago.
    public var gettingOld: Int
    /// The age of the oldest and newest of those, in whole hours.
    public var hours: ClosedRange<Int64>
    /// How long is left to post them as counted, in seconds (until the oldest reaches `restampAfter`); said
    /// to the nearest hour, or minute under an hour.
    public var timeLeft: Int64
    /// Lines counted so long ago that they are posted as of now, adjusted by what Square recorded since.
    public var aged: Int
    /// The age of the oldest line warned of, in whole hours.
    public var oldestHours: Int64

    /// The warning for lines counted at `countedAt`, at `now`; nil when none is old enough to warn of.
    public init?(countedAt: [Timestamp], now: Timestamp) {
        let ages = countedAt.map { now.seconds - $0.seconds }
        let old = ages.filter { $0 >= InventoryWindow.warnAfter && $0 < InventoryWindow.restampAfter }
        aged = countedAt.filter { InventoryWindow.outside($0, now: now) && $0.seconds <= now.seconds }.count
        guard !old.isEmpty || aged > 0 else { return nil }
        gettingOld = old.count
        hours = (old.min() ?? 0) / 3600...(old.max() ?? 0) / 3600
        timeLeft = InventoryWindow.restampAfter - (old.max() ?? 0)
        oldestHours = (ages.filter { $0 >= InventoryWindow.warnAfter }.max() ?? 0) / 3600
    }

    /// In staff words: "3 lines were counted 21 hours ago; post the count within 2 hours or they are posted
    /// adjusted by what sold since.", then the lines already that old, if any.
    public var message: String { [gettingOldSentence, agedSentence].compactMap { $0 }.joined(separator: " ") }

    /// The lines getting old and how long is left to post them as counted; nil when none is.
    public var gettingOldSentence: String? {
        guard gettingOld > 0 else { return nil }
        let when =
            hours.lowerBound == hours.upperBound ? "\(hours.lowerBound)" : "\(hours.lowerBound) to \(hours.upperBound)"
        let left =
            timeLeft >= 3600 - 30
            ? Self.plural((timeLeft + 1800) / 3600, "hour") : Self.plural(max(1, (timeLeft + 30) / 60), "minute")
        return "\(Self.plural(Int64(gettingOld), "line")) \(gettingOld == 1 ? "was" : "were") counted \(when) hours "
            + "ago; post the count within \(left) or \(gettingOld == 1 ? "it is" : "they are") posted adjusted by "
            + "what sold since."
    }

    /// The lines already too old for Square to take as counted; nil when none is.
    public var agedSentence: String? {
        guard aged > 0 else { return nil }
        return "\(Self.plural(Int64(aged), "line")) \(aged == 1 ? "was" : "were") counted more than "
            + "\(InventoryWindow.restampAfter / 3600) hours ago: \(aged == 1 ? "it is" : "they are") posted as of "
            + "now, adjusted by what Square recorded since (catalog count review shows what each posts)."
    }

    /// `{lines_getting_old, hours_old, post_within_minutes, lines_aged, message}`.
    public var json: JSONValue {
        [
            "lines_getting_old": .int(gettingOld), "hours_old": .int(Int(oldestHours)),
            "post_within_minutes": gettingOld > 0 ? .int(Int(timeLeft / 60)) : .null, "lines_aged": .int(aged),
            "message": .string(message),
        ]
    }

    static func plural(_ count: Int64, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
}
