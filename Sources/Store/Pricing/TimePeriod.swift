import Foundation

/// When a pricing rule is in effect, read from a `CatalogTimePeriod`'s iCalendar event (`DTSTART`,
/// `DURATION`, `RRULE`). Two shapes are understood: a one-off span, and a weekly recurrence
/// (`RRULE:FREQ=WEEKLY` with `BYDAY`, `INTERVAL` and `UNTIL`). Anything else is `notUnderstood`, and a
/// rule that uses it is left off tags rather than guessed.
public enum TimePeriod: Sendable, Equatable {
    /// From `start` for `duration` seconds, once.
    case once(start: LocalTime, duration: Int64)
    /// Every `interval` weeks on `weekdays` (Monday 0 ... Sunday 6) at the time of day `start` has, for
    /// `duration` seconds, from `start` on and, when given, starting no later than `until`.
    case weekly(start: LocalTime, duration: Int64, weekdays: Set<Int>, interval: Int, until: LocalTime?)
    /// An event this tool cannot read, and why.
    case notUnderstood(String)

    /// Reads the event text. `DTSTART` is the location's local time (a trailing `Z` or a `TZID` is not
    /// understood: Square writes local times).
    public init(event: String) {
        var fields: [String: String] = [:]
        for raw in event.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].split(separator: ";").first.map { String($0).uppercased() } ?? ""
            if name == "DTSTART", line[..<colon].contains(";") && !line[..<colon].uppercased().contains("VALUE=DATE") {
                self = .notUnderstood("DTSTART with parameters (\(line[..<colon]))")
                return
            }
            fields[name] = String(line[line.index(after: colon)...])
        }
        guard let startText = fields["DTSTART"] else {
            self = .notUnderstood("no DTSTART")
            return
        }
        guard let (start, allDay) = Self.dateTime(startText) else {
            self = .notUnderstood("DTSTART \(startText)")
            return
        }
        var duration: Int64 = allDay ? 86_400 : 0
        if let text = fields["DURATION"] {
            guard let seconds = Self.duration(text), seconds > 0 else {
                self = .notUnderstood("DURATION \(text)")
                return
            }
            duration = seconds
        }
        if let end = fields["DTEND"] {
            guard let (endTime, _) = Self.dateTime(end), endTime > start else {
                self = .notUnderstood("DTEND \(end)")
                return
            }
            duration = endTime.seconds - start.seconds
        }
        guard duration > 0 else {
            self = .notUnderstood("no DURATION")
            return
        }
        guard let rule = fields["RRULE"] else {
            self = .once(start: start, duration: duration)
            return
        }
        self = Self.weekly(rule, start: start, duration: duration)
    }

    /// Whether `moment` (the location's wall clock) falls in the period; false when not understood.
    public func contains(_ moment: LocalTime) -> Bool {
        switch self {
        case .once(let start, let duration):
            return start <= moment && moment.seconds < start.seconds + duration
        case .weekly(let start, let duration, let weekdays, let interval, let until):
            guard moment >= start else { return false }
            // Occurrences that could still be running began on one of the days from (moment - duration) on.
            let first = LocalTime(seconds: moment.seconds - duration + 1).day
            var day = moment.day
            while day >= first {
                let begins = LocalTime(seconds: day * 86_400 + start.timeOfDay)
                let weeks = (LocalTime.mondayOf(day) - LocalTime.mondayOf(start.day)) / 7
                if weekdays.contains(begins.weekday), begins >= start, weeks % Int64(interval) == 0,
                    until.map({ begins <= $0 }) ?? true, begins <= moment, moment.seconds < begins.seconds + duration
                {
                    return true
                }
                day -= 1
            }
            return false
        case .notUnderstood:
            return false
        }
    }

    /// When the occurrence running at `moment` ends, or for a one-off span its end; nil for a weekly
    /// period between occurrences.
    public func end(containing moment: LocalTime) -> LocalTime? {
        switch self {
        case .once(let start, let duration): return LocalTime(seconds: start.seconds + duration)
        case .weekly(let start, let duration, _, _, _):
            guard contains(moment) else { return nil }
            var begins = LocalTime(seconds: moment.day * 86_400 + start.timeOfDay)
            while begins > moment { begins = LocalTime(seconds: begins.seconds - 86_400) }
            return LocalTime(seconds: begins.seconds + duration)
        case .notUnderstood: return nil
        }
    }

    static func weekly(_ rule: String, start: LocalTime, duration: Int64) -> TimePeriod {
        var parts: [String: String] = [:]
        for part in rule.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { return .notUnderstood("RRULE \(rule)") }
            parts[pair[0].uppercased()] = String(pair[1]).uppercased()
        }
        guard parts.removeValue(forKey: "FREQ") == "WEEKLY" else { return .notUnderstood("RRULE \(rule)") }
        let names = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
        var weekdays: Set<Int> = [start.weekday]
        if let days = parts.removeValue(forKey: "BYDAY") {
            let read = days.split(separator: ",").map { names.firstIndex(of: String($0)) }
            guard !read.isEmpty, read.allSatisfy({ $0 != nil }) else { return .notUnderstood("RRULE \(rule)") }
            weekdays = Set(read.compactMap { $0 })
        }
        var interval = 1
        if let text = parts.removeValue(forKey: "INTERVAL") {
            guard let value = Int(text), value >= 1 else { return .notUnderstood("RRULE \(rule)") }
            interval = value
        }
        var until: LocalTime?
        if let text = parts.removeValue(forKey: "UNTIL") {
            guard !text.hasSuffix("Z"), let (time, allDay) = dateTime(text) else {
                return .notUnderstood("RRULE \(rule)")
            }
            until = allDay ? LocalTime(seconds: time.seconds + 86_399) : time
        }
        // The week start only matters when weeks are skipped.
        if interval == 1 { parts.removeValue(forKey: "WKST") }
        guard parts.isEmpty else { return .notUnderstood("RRULE \(rule)") }
        return .weekly(start: start, duration: duration, weekdays: weekdays, interval: interval, until: until)
    }

    /// `20261201T090000` or `20261201`: the moment and whether it is a whole day.
    static func dateTime(_ text: String) -> (LocalTime, Bool)? {
        let bytes = Array(text.utf8)
        guard bytes.count == 8 || bytes.count == 15,
            bytes.enumerated().allSatisfy({ index, byte in
                index == 8 ? byte == UInt8(ascii: "T") : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            })
        else { return nil }
        func number(_ from: Int, _ count: Int) -> Int {
            bytes[from..<from + count].reduce(0) { $0 * 10 + Int($1) - Int(UInt8(ascii: "0")) }
        }
        if bytes.count == 8 {
            return LocalTime(year: number(0, 4), month: number(4, 2), day: number(6, 2)).map { ($0, true) }
        }
        return LocalTime(
            year: number(0, 4), month: number(4, 2), day: number(6, 2), hour: number(9, 2), minute: number(11, 2),
            second: number(13, 2)
        ).map { ($0, false) }
    }

    /// An RFC 5545 duration (`PT2H`, `P1D`, `P1DT12H`, `P2W`, and Square's `P2H`) in seconds.
    static func duration(_ text: String) -> Int64? {
        var rest = Substring(text.uppercased())
        guard rest.hasPrefix("P") else { return nil }
        rest = rest.dropFirst()
        var total: Int64 = 0
        var number = ""
        var inTime = false
        var sawAny = false
        for character in rest {
            if character.isASCII, character.isNumber {
                number.append(character)
                continue
            }
            if character == "T" {
                guard number.isEmpty, !inTime else { return nil }
                inTime = true
                continue
            }
            guard let value = Int64(number) else { return nil }
            let unit: Int64
            switch (character, inTime) {
            case ("W", false): unit = 604_800
            case ("D", false): unit = 86_400
            // Square's own example writes `P2H`, so hours, minutes and seconds are read without the `T` too.
            case ("H", _): unit = 3600
            case ("M", _): unit = 60
            case ("S", _): unit = 1
            default: return nil
            }
            total += value * unit
            number = ""
            sawAny = true
        }
        return sawAny && number.isEmpty ? total : nil
    }
}

extension LocalTime {
    /// The day number of the Monday that begins the week `day` falls in.
    static func mondayOf(_ day: Int64) -> Int64 {
        day - Int64(LocalTime(seconds: day * 86_400).weekday)
    }
}
