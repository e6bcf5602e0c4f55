import CatalogCore
import Foundation
import Sync
import Testing

/// The rule posting and the review share: what a count line counted at some time is posted as, given what
/// Square recorded since; and when an open count's lines are old enough to warn of.
@Suite struct CountAgeingRuleTests {
    static let now = Timestamp(seconds: 1_767_344_400)
    static func hoursAgo(_ hours: Double) -> Timestamp { Timestamp(seconds: now.seconds - Int64(hours * 3600)) }

    static func adjustment(
        _ from: String, _ to: String, _ quantity: String, hoursAgo hours: Double, of id: String = "V1"
    )
        -> JSONValue
    {
        [
            "type": "ADJUSTMENT",
            "adjustment": [
                "catalog_object_id": .string(id), "from_state": .string(from), "to_state": .string(to),
                "quantity": .string(quantity), "occurred_at": .string(hoursAgo(hours).rfc3339),
            ],
        ]
    }

    static func ageing(_ counted: Decimal, hoursAgo hours: Double, _ changes: [JSONValue]) -> CountAgeing {
        CountAgeing.of(counted: counted, at: hoursAgo(hours), variationID: "V1", now: now, changes: changes)
    }

    @Test func aLineInsideSquaresWindowIsPostedAsCounted() {
        #expect(Self.ageing(10, hoursAgo: 22.9, [Self.adjustment("IN_STOCK", "SOLD", "3", hoursAgo: 1)]) == .asCounted)
    }

    @Test func anAgedLineIsMovedByWhatSquareRecordedSinceItWasCountedOnly() {
        let changes = [
            Self.adjustment("IN_STOCK", "SOLD", "3", hoursAgo: 2),
            Self.adjustment("IN_STOCK", "SOLD", "4", hoursAgo: 31),  // before the count: already on the shelf
            Self.adjustment("IN_STOCK", "SOLD", "5", hoursAgo: 2, of: "V2"),  // another variation
            Self.adjustment("NONE", "IN_STOCK", "6", hoursAgo: 10),
            Self.adjustment("IN_STOCK", "WASTE", "1", hoursAgo: 5),
            Self.adjustment("SOLD", "WASTE", "9", hoursAgo: 5),  // IN_STOCK untouched
        ]
        let outcome = Self.ageing(10, hoursAgo: 30, changes)
        #expect(outcome == .asOfNow(posts: 12, since: .init(received: 6, sold: 3, movedOut: 1)))
        if case .asOfNow(_, let since) = outcome {
            #expect(since.words == "6 received, 3 sold, 1 taken out of stock since")
        }
        #expect(
            Self.ageing(2, hoursAgo: 30, [Self.adjustment("IN_STOCK", "SOLD", "3", hoursAgo: 2)])
                == .asOfNow(posts: 0, since: .init(sold: 3)))
        #expect(CountAgeing.Movement().words == "nothing sold or received since")
    }

    @Test func anAgedLineSquareCountedAgainSinceIsRefusedWithThatCount() {
        let recount: JSONValue = [
            "type": "PHYSICAL_COUNT",
            "physical_count": [
                "catalog_object_id": "V1", "state": "IN_STOCK", "quantity": "12",
                "occurred_at": .string(Self.hoursAgo(5).rfc3339),
            ],
        ]
        let outcome = Self.ageing(10, hoursAgo: 30, [recount, Self.adjustment("IN_STOCK", "SOLD", "3", hoursAgo: 2)])
        #expect(outcome.refusal?.hasPrefix("Square has a newer count (12 at ") == true, "\(outcome)")
    }

    @Test func linesAreWarnedOfFromTwentyHours() {
        #expect(CountAgeWarning(countedAt: [Self.hoursAgo(19.9), Self.hoursAgo(1)], now: Self.now) == nil)
        let warning = try? #require(
            CountAgeWarning(
                countedAt: [Self.hoursAgo(21.2), Self.hoursAgo(22.5), Self.hoursAgo(2), Self.hoursAgo(30)],
                now: Self.now))
        #expect(warning?.gettingOld == 2 && warning?.aged == 1)
        #expect(
            warning?.gettingOldSentence
                == "2 lines were counted 21 to 22 hours ago; post the count within 30 minutes or they are posted "
                + "adjusted by what sold since.")
        #expect(
            warning?.agedSentence?.hasPrefix("1 line was counted more than 23 hours ago: it is posted as of now")
                == true)
    }
}
