import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Sandbox
import Store
import Testing

/// A count left open past Square's window: `count review` shows what `count post` will send for each line
/// counted too long ago (the count moved by what Square recorded since, as of now), `count post` sends
/// exactly that, and from 20 hours the review and `count show` warn that lines are getting old.
@Suite struct CountAgeingTests {
    static let place = ["CATALOG_LOCATION": "High Street"]

    /// Opens a count at High Street and counts `quantity` of `variationID` in it `hoursAgo` hours ago, as a
    /// counter whose clock read that time did: the count's id and reference, and when the line was counted.
    static func counted(_ shop: ReorderShop, _ variationID: String, _ quantity: Decimal, hoursAgo: Int64)
        async throws -> (id: Int64, reference: String, at: Timestamp)
    {
        let at = Timestamp(seconds: Timestamp.now().seconds - hoursAgo * 3600)
        let then = try CatalogDatabase(path: shop.database, clock: TestClock(start: at))
        let location = try #require(try await shop.locations()["High Street"])
        let reference = "catalog-count-" + UUID().uuidString.prefix(8).lowercased()
        let session = try await then.startCountSession(
            name: "Back shelf", locationID: location, scope: .open, counter: "till-1",
            reference: reference)
        _ = try await then.addCount(
            sessionID: session.id, variationID: variationID, quantity: quantity, replacing: true, counter: "till-1",
            expected: nil)
        return (session.id, reference, at)
    }

    /// How the review names the variation `code` names: "Item — Variation".
    static func label(_ shop: ReorderShop, _ code: String) async throws -> String {
        let shown = try JSONValue.parse(
            String(try await shop.ok("show", code, "--json").stdout.split(separator: "\n")[0]))
        let item = shown["item_name"]?.stringValue ?? "?"
        return shown["variation_name"]?.stringValue.map { item + " — " + $0 } ?? item
    }

    /// The physical counts Square took under `reference`, by variation: quantity and `occurred_at`.
    static func postedCounts(_ shop: ReorderShop, reference: String) throws -> [String: (String, String)] {
        var posted: [String: (String, String)] = [:]
        for exchange in shop.log.requests(to: CountPostTests.batchCreate) where exchange.status == 200 {
            for change in try JSONValue.parse(exchange.requestBody)["changes"]?.arrayValue ?? [] {
                guard let count = change["physical_count"], count["reference_id"]?.stringValue == reference,
                    let id = count["catalog_object_id"]?.stringValue
                else { continue }
                posted[id] = (count["quantity"]?.stringValue ?? "", count["occurred_at"]?.stringValue ?? "")
            }
        }
        return posted
    }

    @Test func aLineCountedThirtyHoursAgoIsReviewedAndPostedAsOfNowLessWhatSoldSince() async throws {
        let shop = try await ReorderShop.start()
        try await cleaningUp({ await shop.stop() }) {
            try await shop.ok("sync")
            let highStreet = try #require(try await shop.locations()["High Street"])
            let small = try await shop.variationID(DemoCodes.small)
            let count = try await Self.counted(shop, small, 10, hoursAgo: 30)
            // Two hours ago the till sold two.
            try await CountPostTests.sold(shop, small, 2, hoursAgo: 2)

            let review = try await shop.catalog("count", "review", environment: Self.place)
            #expect(review.status == 0, "\(review.all)")
            let when = CountOutput.when(count.at, now: Timestamp.now())
            #expect(
                review.stdout.contains("(counted 10 on \(when); 2 sold since; posts 8 as of now)"), "\(review.all)")
            #expect(!review.stdout.contains("Warning:"), "\(review.all)")
            let json = try JSONValue.parse(
                try await shop.catalog("count", "review", "--json", environment: Self.place).stdout)
            let line = try #require(json["lines"]?.arrayValue?.first { $0["variation_id"]?.stringValue == small })
            #expect(line["aged"] == true && line["posting"] == "as_of_now", "\(line)")
            #expect(line["posts"] == .number("8") && line["counted"] == .number("10"), "\(line)")
            #expect(line["moved_since"]?["sold"] == .number("2") && line["moved_since"]?["net"] == .number("-2"))
            #expect(line["counted_at"]?.stringValue.flatMap(Timestamp.init(rfc3339:))?.seconds == count.at.seconds)
            // Square holds what it held less the two sold; posting 8 changes it by what the shelf was short.
            #expect(line["variance"] == .number(String(8 - (Int(try await shop.inStock(small, at: highStreet)) ?? 0))))
            #expect(json["ageing_problem"] == .null)

            let sentFrom = Timestamp.now()
            let posted = try await shop.catalog("count", "post", environment: Self.place)
            #expect(posted.status == 0, "\(posted.all)")
            #expect(try await shop.inStock(small, at: highStreet) == "8")
            let sent = try #require(try Self.postedCounts(shop, reference: count.reference)[small])
            #expect(sent.0 == "8")
            #expect((Timestamp(rfc3339: sent.1)?.seconds ?? 0) >= sentFrom.seconds - 1, "\(sent)")
            let shown = try await CountPostTests.lines(shop, session: String(count.id))
            #expect(shown[small]?["post_status"] == "posted")
        }
    }

    @Test func linesCountedTwentyOneHoursAgoAreWarnedOfInTheReviewAndCountShow() async throws {
        let shop = try await ReorderShop.start()
        try await cleaningUp({ await shop.stop() }) {
            try await shop.ok("sync")
            let small = try await shop.variationID(DemoCodes.small)
            let count = try await Self.counted(shop, small, 4, hoursAgo: 21)
            // A line counted just now is not old.
            try await shop.ok("count", "add", DemoCodes.medium, "--qty", "3", "--session", String(count.id))
            let warning =
                "Warning: 1 line was counted 21 hours ago; post the count within 2 hours or it is posted adjusted by "
                + "what sold since."

            let shown = try await shop.catalog("count", "show", environment: Self.place)
            #expect(shown.status == 0 && shown.stdout.contains(warning), "\(shown.all)")
            let shownJSON = try await shop.catalog("count", "show", "--json", environment: Self.place)
            #expect(shownJSON.stderr.contains("1 line was counted 21 hours ago"), "\(shownJSON.all)")
            #expect(shownJSON.stdout.split(separator: "\n").count == 2)

            let review = try await shop.catalog("count", "review", environment: Self.place)
            #expect(review.status == 0 && review.stdout.contains(warning), "\(review.all)")
            #expect(!review.stdout.contains("as of now"), "\(review.all)")
            let json = try JSONValue.parse(
                try await shop.catalog("count", "review", "--json", environment: Self.place).stdout)
            #expect(json["age_warning"]?["lines_getting_old"] == 1, "\(json)")
            #expect((118...120).contains(json["age_warning"]?["post_within_minutes"]?.int64Value ?? 0), "\(json)")
            #expect(
                json["lines"]?.arrayValue?.allSatisfy { $0["aged"] == false && $0["posting"] == "as_counted" } == true)
        }
    }

    @Test func whenSquaresChangesCannotBeReadTheReviewNamesTheLinesThatWait() async throws {
        var shop = try await ReorderShop.start(keepData: true)
        try await cleaningUp({ await shop.stop() }) {
            try await shop.ok("sync")
            let small = try await shop.variationID(DemoCodes.small)
            let medium = try await shop.variationID(DemoCodes.medium)
            let count = try await Self.counted(shop, small, 10, hoursAgo: 30)
            try await shop.ok("count", "add", DemoCodes.medium, "--qty", "3", "--session", String(count.id))
            await shop.stopServer()

            let review = try await shop.catalog("count", "review", environment: Self.place)
            #expect(review.status == 0, "\(review.all)")
            let waiting = try #require(review.stdout.split(separator: "\n").first { $0.hasPrefix("Waiting: ") })
            // The line counted 30 hours ago is named, the one counted now is not.
            #expect(waiting.contains(try await Self.label(shop, DemoCodes.small)), "\(waiting)")
            #expect(!waiting.contains(try await Self.label(shop, DemoCodes.medium)), "\(waiting)")
            #expect(waiting.contains("could not be read") && waiting.contains("check the connection"), "\(waiting)")
            #expect(!review.all.contains(ReorderShop.token))
            let json = try JSONValue.parse(
                try await shop.catalog("count", "review", "--json", environment: Self.place).stdout)
            let lines = json["lines"]?.arrayValue ?? []
            #expect(lines.first { $0["variation_id"]?.stringValue == small }?["posting"] == "waits", "\(json)")
            #expect(lines.first { $0["variation_id"]?.stringValue == medium }?["posting"] == "as_counted")
            #expect(json["ageing_problem"]?.stringValue?.contains("could not be read") == true)

            let posted = try await shop.catalog("count", "post", environment: Self.place)
            #expect(posted.status == 75, "\(posted.all)")
        }
    }
}
