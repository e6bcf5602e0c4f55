/// RFC 3339 timestamps in UTC with millisecond precision, from and to epoch milliseconds.
enum Timestamp {
    /// `2026-11-23T01:21:56.123Z` for `ms` milliseconds since 1970.
    static func format(_ ms: Int64) -> String {
        let days = floorDiv(ms, 86_400_000)
        let msOfDay = ms - days * 86_400_000
        let (year, month, day) = civil(fromDays: days)
        let hour = msOfDay / 3_600_000
        let minute = msOfDay / 60_000 % 60
        let second = msOfDay / 1000 % 60
        let milli = msOfDay % 1000
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(hour, 2) + ":" + pad(minute, 2)
            + ":" + pad(second, 2) + "." + pad(milli, 3) + "Z"
    }

    /// Milliseconds since 1970 for an RFC 3339 timestamp (0 to 9 fractional digits, `Z` or an offset),
    /// rounded down; nil when the text is not a timestamp.
    static func parse(_ text: String) -> Int64? {
        let b = Array(text.utf8)
        func number(_ from: Int, _ count: Int) -> Int64? {
            guard from + count <= b.count else { return nil }
            var value: Int64 = 0
            for index in from..<from + count {
                guard b[index] >= 48, b[index] <= 57 else { return nil }
                value = value * 10 + Int64(b[index] - 48)
            }
            return value
        }
        guard b.count >= 20, b[4] == 45, b[7] == 45, b[10] == 84 || b[10] == 116, b[13] == 58, b[16] == 58,
            let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        var milli: Int64 = 0
        if index < b.count, b[index] == 46 {
            index += 1
            var digits = 0
            while index < b.count, b[index] >= 48, b[index] <= 57 {
                if digits < 3 { milli = milli * 10 + Int64(b[index] - 48) }
                digits += 1
                index += 1
            }
            guard (1...9).contains(digits) else { return nil }
            if digits < 3 { for _ in digits..<3 { milli *= 10 } }
        }
        var offsetMinutes: Int64 = 0
        guard index < b.count else { return nil }
        if b[index] == 90 || b[index] == 122 {
            index += 1
        } else if b[index] == 43 || b[index] == 45, b.count == index + 6, b[index + 3] == 58,
            let offHour = number(index + 1, 2), let offMinute = number(index + 4, 2)
        {
            offsetMinutes = (offHour * 60 + offMinute) * (b[index] == 45 ? -1 : 1)
            index += 6
        } else {
            return nil
        }
        guard index == b.count else { return nil }
        let days = days(fromCivil: year, month, day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetMinutes * 60
        return seconds * 1000 + milli
    }

    private static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    /// Howard Hinnant's days-from-civil algorithm.
    private static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = floorDiv(y, 400)
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = floorDiv(z, 146_097)
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
