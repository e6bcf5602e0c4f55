extension Timestamp {
    /// Reads an RFC 3339 date-time such as `2025-08-20T14:03:07.123456789Z` or `2025-08-20t16:03:07+02:00`.
    ///
    /// Accepts 0 to 9 fractional digits, `T` or `t`, and `Z`, `z` or a `±hh:mm` offset. Rejects dates that
    /// do not exist (February 30, month 13) and leap seconds (`:60`). Nil when the text is not such a time.
    public init?(rfc3339 text: String) {
        var reader = ASCIIReader(Array(text.utf8))
        guard let year = reader.number(digits: 4), reader.skip("-"),
            let month = reader.number(digits: 2), reader.skip("-"),
            let day = reader.number(digits: 2), reader.skip("T") || reader.skip("t"),
            let hour = reader.number(digits: 2), reader.skip(":"),
            let minute = reader.number(digits: 2), reader.skip(":"),
            let second = reader.number(digits: 2)
        else { return nil }
        guard (1...12).contains(month), (1...Timestamp.daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }
        var nanoseconds: Int64 = 0
        if reader.skip(".") {
            var count = 0
            while let digit = reader.digit() {
                count += 1
                guard count <= 9 else { return nil }
                nanoseconds = nanoseconds * 10 + digit
            }
            guard count > 0 else { return nil }
            for _ in count..<9 { nanoseconds *= 10 }
        }
        var offsetSeconds: Int64 = 0
        if reader.skip("Z") || reader.skip("z") {
            offsetSeconds = 0
        } else if let sign: Int64 = reader.skip("+") ? 1 : (reader.skip("-") ? -1 : nil) {
            guard let offsetHours = reader.number(digits: 2), reader.skip(":"),
                let offsetMinutes = reader.number(digits: 2), offsetHours < 24, offsetMinutes < 60
            else { return nil }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        } else {
            return nil
        }
        guard reader.isAtEnd else { return nil }
        let days = Timestamp.daysSinceEpoch(year: year, month: month, day: day)
        let local = days * 86_400 + hour * 3600 + minute * 60 + second
        self.init(seconds: local - offsetSeconds, nanoseconds: Int32(nanoseconds))
    }

    /// The instant in UTC with `Z` and the fewest of 0, 3, 6 or 9 fractional digits that keep it exact.
    public var rfc3339: String {
        let days = seconds.floorDivided(by: 86_400)
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = Timestamp.civilDate(daysSinceEpoch: days)
        var text = Timestamp.pad(year, 4) + "-" + Timestamp.pad(month, 2) + "-" + Timestamp.pad(day, 2)
        text += "T" + Timestamp.pad(secondOfDay / 3600, 2) + ":" + Timestamp.pad(secondOfDay % 3600 / 60, 2)
        text += ":" + Timestamp.pad(secondOfDay % 60, 2)
        let nanos = Int64(nanoseconds)
        if nanos != 0 {
            let width = nanos % 1_000_000 == 0 ? 3 : (nanos % 1000 == 0 ? 6 : 9)
            var divisor: Int64 = 1
            for _ in width..<9 { divisor *= 10 }
            text += "." + Timestamp.pad(nanos / divisor, width)
        }
        return text + "Z"
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value.magnitude)
        let zeros = String(repeating: "0", count: max(0, width - digits.count))
        return (value < 0 ? "-" : "") + zeros + digits
    }

    public static func isLeapYear(_ year: Int64) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    public static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (the era-based civil calendar algorithm).
    public static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = shiftedYear.floorDivided(by: 400)
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date `days` after 1970-01-01.
    public static func civilDate(daysSinceEpoch days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = shifted.floorDivided(by: 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

/// Reads ASCII digits and punctuation from the front of a byte array.
private struct ASCIIReader {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { index == bytes.count }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    mutating func digit() -> Int64? {
        guard index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 else { return nil }
        index += 1
        return Int64(bytes[index - 1] - 0x30)
    }

    mutating func number(digits count: Int) -> Int64? {
        var value: Int64 = 0
        for _ in 0..<count {
            guard let next = digit() else { return nil }
            value = value * 10 + next
        }
        return value
    }
}
