import CatalogCore
import Testing

@Suite struct TimestampTests {
    @Test(arguments: [
        ("2025-08-20T14:03:07Z", Int32(0), "2025-08-20T14:03:07Z"),
        ("2025-08-20T14:03:07.1Z", 100_000_000, "2025-08-20T14:03:07.100Z"),
        ("2025-08-20T14:03:07.12Z", 120_000_000, "2025-08-20T14:03:07.120Z"),
        ("2025-08-20T14:03:07.123Z", 123_000_000, "2025-08-20T14:03:07.123Z"),
        ("2025-08-20T14:03:07.1234Z", 123_400_000, "2025-08-20T14:03:07.123400Z"),
        ("2025-08-20T14:03:07.12345Z", 123_450_000, "2025-08-20T14:03:07.123450Z"),
        ("2025-08-20T14:03:07.123456Z", 123_456_000, "2025-08-20T14:03:07.123456Z"),
        ("2025-08-20T14:03:07.1234567Z", 123_456_700, "2025-08-20T14:03:07.123456700Z"),
        ("2025-08-20T14:03:07.12345678Z", 123_456_780, "2025-08-20T14:03:07.123456780Z"),
        ("2025-08-20T14:03:07.123456789Z", 123_456_789, "2025-08-20T14:03:07.123456789Z"),
        ("2025-08-20T14:03:07.000000000Z", 0, "2025-08-20T14:03:07Z"),
        ("2025-08-20T14:03:07.000001Z", 1000, "2025-08-20T14:03:07.000001Z"),
    ])
    func fractionalDigits(text: String, nanoseconds: Int32, canonical: String) throws {
        let timestamp = try #require(Timestamp(rfc3339: text))
        #expect(timestamp.seconds == 1_755_698_587)
        #expect(timestamp.nanoseconds == nanoseconds)
        #expect(timestamp.rfc3339 == canonical)
        #expect(Timestamp(rfc3339: canonical) == timestamp)
    }

    @Test(arguments: [
        "2025-08-20T16:03:07+02:00", "2025-08-20T08:33:07-05:30", "2025-08-20t14:03:07z",
        "2025-08-20T14:03:07-00:00", "2025-08-21T00:03:07+10:00", "2025-08-19T23:03:07-15:00",
    ])
    func offsetsMeanTheSameInstant(text: String) throws {
        let timestamp = try #require(Timestamp(rfc3339: text))
        #expect(timestamp.rfc3339 == "2025-08-20T14:03:07Z")
    }

    @Test(arguments: [
        "2025-02-30T00:00:00Z", "2023-02-29T00:00:00Z", "2100-02-29T00:00:00Z", "2025-13-01T00:00:00Z",
        "2025-00-10T00:00:00Z", "2025-04-31T00:00:00Z", "2025-08-00T00:00:00Z", "2025-08-20T24:00:00Z",
        "2025-08-20T14:60:00Z", "2025-08-20T14:03:60Z", "2025-08-20T14:03:07", "2025-08-20T14:03:07.Z",
        "2025-08-20T14:03:07.1234567891Z", "2025-8-20T14:03:07Z", "2025-08-20 14:03:07Z",
        "2025-08-20T14:03:07Z ", "2025-08-20T14:03:07+0200", "2025-08-20T14:03:07+24:00", "", "yesterday",
    ])
    func rejectsWhatIsNotATime(text: String) {
        #expect(Timestamp(rfc3339: text) == nil)
    }

    @Test func leapDaysExist() throws {
        #expect(try #require(Timestamp(rfc3339: "2000-02-29T00:00:00Z")).seconds == 951_782_400)
        #expect(Timestamp(rfc3339: "2024-02-29T12:00:00Z") != nil)
    }

    @Test func datesFarFromTheEpoch() throws {
        let early = try #require(Timestamp(rfc3339: "1900-01-01T00:00:00Z"))
        #expect(early.seconds == -2_208_988_800)
        #expect(early.rfc3339 == "1900-01-01T00:00:00Z")
        let late = try #require(Timestamp(rfc3339: "9999-12-31T23:59:59.999999999Z"))
        #expect(late.seconds == 253_402_300_799)
        #expect(late.rfc3339 == "9999-12-31T23:59:59.999999999Z")
    }

    @Test func justBeforeTheEpoch() throws {
        let timestamp = try #require(Timestamp(rfc3339: "1969-12-31T23:59:59.999Z"))
        #expect(timestamp.seconds == -1)
        #expect(timestamp.nanoseconds == 999_000_000)
        #expect(timestamp.epochMilliseconds == -1)
        #expect(Timestamp(epochMilliseconds: -1) == timestamp)
    }

    @Test func epochMillisecondsRoundTrip() {
        let timestamp = Timestamp(epochMilliseconds: 1_755_698_587_123)
        #expect(timestamp.rfc3339 == "2025-08-20T14:03:07.123Z")
        #expect(timestamp.epochMilliseconds == 1_755_698_587_123)
        #expect(Timestamp(seconds: 1_755_698_587, nanoseconds: 123_999_999).epochMilliseconds == 1_755_698_587_123)
    }

    @Test func orderIsByInstant() throws {
        let earlier = try #require(Timestamp(rfc3339: "2025-08-20T14:03:07.123456788Z"))
        let later = try #require(Timestamp(rfc3339: "2025-08-20T16:03:07.123456789+02:00"))
        #expect(earlier < later)
        #expect([later, earlier].sorted() == [earlier, later])
    }

    @Test func nowIsRecentAndAdvances() {
        let first = Timestamp.now()
        #expect(first > Timestamp(rfc3339: "2025-01-01T00:00:00Z")!)
        #expect(Timestamp.now() >= first)
        #expect((0..<1_000_000_000).contains(first.nanoseconds))
    }
}
