import CatalogCore
import Foundation

/// A wall-clock moment at a shop location, as seconds since 1970-01-01 00:00:00 on that wall clock (the
/// zone's offset already added). Square's pricing rules and time periods are written in the location's
/// local time, so they are compared on this scale: day arithmetic is plain division, and 1970-01-01 was a
/// Thursday.
public struct LocalTime: Sendable, Hashable, Comparable {
    public var seconds: Int64

    public init(seconds: Int64) { self.seconds = seconds }

    /// `moment` on the wall clock of `zone`.
    public init(_ moment: Timestamp, in zone: TimeZone) {
        let date = Date(timeIntervalSince1970: TimeInterval(moment.seconds))
        seconds = moment.seconds + Int64(zone.secondsFromGMT(for: date))
    }

    /// A calendar date and time of day; nil when they do not name one (month 13, 25:00).
    public init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        guard (1...12).contains(month),
            (1...Int(Timestamp.daysIn(month: Int64(month), year: Int64(year)))).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        seconds =
            Timestamp.daysSinceEpoch(year: Int64(year), month: Int64(month), day: Int64(day)) * 86_400
            + Int64(hour * 3600 + minute * 60 + second)
    }

    /// The day it falls on, counted from 1970-01-01.
    public var day: Int64 { seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400 }
    /// Seconds since midnight.
    public var timeOfDay: Int64 { seconds - day * 86_400 }
    /// Monday 0 ... Sunday 6.
    public var weekday: Int { Int(((day + 3) % 7 + 7) % 7) }

    /// `YYYY-MM-DD`.
    public var dateText: String {
        let (year, month, day) = Timestamp.civilDate(daysSinceEpoch: day)
        return String(format: "%04d-%02d-%02d", year, month, day)
    }

    /// `YYYY-MM-DD HH:MM`, or the date alone at midnight.
    public var text: String {
        guard timeOfDay != 0 else { return dateText }
        return dateText + String(format: " %02d:%02d", timeOfDay / 3600, timeOfDay % 3600 / 60)
    }

    public static func < (lhs: LocalTime, rhs: LocalTime) -> Bool { lhs.seconds < rhs.seconds }

    /// Reads `YYYY-MM-DD` (RFC 3339 full-date).
    public static func date(_ text: String) -> LocalTime? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        return LocalTime(year: year, month: month, day: day)
    }

    /// Reads `HH:MM:SS` or `HH:MM` (RFC 3339 partial-time; fractions of a second are dropped) as seconds
    /// since midnight.
    public static func timeOfDay(_ text: String) -> Int64? {
        let whole = text.split(separator: ".", maxSplits: 1).first.map(String.init) ?? text
        let parts = whole.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts.allSatisfy({ $0.count == 2 }),
            let hour = Int(parts[0]), let minute = Int(parts[1]), (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        let second = parts.count == 3 ? Int(parts[2]) : 0
        guard let second, (0...60).contains(second) else { return nil }
        return Int64(hour * 3600 + minute * 60 + second)
    }
}
