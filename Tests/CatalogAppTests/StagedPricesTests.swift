import CatalogCore
import CatalogTestSupport
import Foundation
import Printing
import PrintingTestSupport
import Store
import Sync
import Testing

@testable import CatalogApp

/// Price changes staged for a time: refused whole when a line is wrong, applied once when due (what Square
/// holds, the history naming the plan), a price changed in Square meanwhile left as Square has it, and a
/// cancelled plan never applied.
@Suite struct StagedPricesTests {
    func file(_ shop: AppShop, _ name: String, _ lines: [String]) throws -> String {
        let url = shop.folder.appendingPathComponent(name)
        try Data((["barcode,price"] + lines).joined(separator: "\n").utf8).write(to: url)
        return url.path
    }

    func price(_ shop: AppShop, _ code: String) async throws -> Int64? {
        let found = try #require(try await shop.database.variations(gtins: [code]).first)
        return try await shop.variation(found.variationID)["item_variation_data"]?["price_money"]?["amount"]?.int64Value
    }

    @Test func aPlanIsAppliedOnceWhenDueAndAChangeMadeMeanwhileIsKept() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let staging = try StagedPrices(context: shop.context)
            let soon = Timestamp(seconds: shop.clock.now().seconds + 3600).rfc3339
            let before = (try await price(shop, DemoCodes.small), try await price(shop, DemoCodes.medium))

            // A file with an unknown code, or a time gone by, stages nothing.
            let bad = try file(shop, "bad.csv", ["\(DemoCodes.small),5.55", "NOT-A-CODE,1.00"])
            await #expect(throws: AppError.self) {
                _ = try await staging.stage(file: bad, at: soon, name: nil, options: .init())
            }
            let good = try file(shop, "winter.csv", ["\(DemoCodes.small),5.55", "\(DemoCodes.medium),6.66"])
            let past = Timestamp(seconds: shop.clock.now().seconds - 60).rfc3339
            do {
                _ = try await staging.stage(file: good, at: past, name: nil, options: .init())
                Issue.record("a time gone by was staged")
            } catch let error as AppError {
                #expect(error.description.contains("has passed") && error.exitStatus == .dataError, "\(error)")
            }
            #expect(try await shop.database.stagedPlans().isEmpty, "nothing staged")

            let staged = try await staging.stage(file: good, at: soon, name: "Winter prices", options: .init())
            #expect(staged.lines == 2 && staged.plan.status == .staged && staged.plan.name == "Winter prices")
            #expect(try await staging.applyDue().isEmpty, "not due yet")
            #expect(try await price(shop, DemoCodes.small) == before.0)

            // Someone changes one price in Square before the plan's time: the plan leaves it.
            let medium = try #require(try await shop.database.variations(gtins: [DemoCodes.medium]).first)
            _ = try await EditWorkflow(context: shop.context).edit(DemoCodes.medium, EditRequest(price: "7.77"))
            shop.clock.advance(by: .seconds(3601))
            let applied = try await staging.applyDue()
            #expect(applied.count == 1 && applied.first?.finished == true)
            #expect(applied.first?.lines.map(\.status) == [.applied, .conflict], "\(applied.first?.lines ?? [])")
            #expect(try await price(shop, DemoCodes.small) == 555)
            #expect(try await price(shop, DemoCodes.medium) == 777, "the change made meanwhile is kept")
            let history = try await shop.database.history(objectIDs: [medium.variationID])
            #expect(!history.contains { $0.action == .plan })
            let small = try #require(try await shop.database.variations(gtins: [DemoCodes.small]).first)
            let written = try await shop.database.history(objectIDs: [small.variationID]).filter { $0.action == .plan }
            #expect(written.count == 1 && written.first?.source == "plan \(staged.plan.id ?? 0) “Winter prices” line 2")

            // Asked again, nothing is done twice.
            #expect(try await staging.applyDue().isEmpty)
            #expect(try await shop.database.stagedPlans(statuses: [.applied]).count == 1)
            #expect(written.count == 1)

            // A cancelled plan is never applied; cancelling it again is refused in words.
            let later = Timestamp(seconds: shop.clock.now().seconds + 600).rfc3339
            let next = try await staging.stage(
                file: try file(shop, "next.csv", ["\(DemoCodes.small),9.99"]), at: later, name: nil, options: .init())
            #expect(next.plan.name == "next.csv")
            #expect(try await staging.cancel(String(next.plan.id ?? 0)).status == .cancelled)
            await #expect(throws: AppError.self) { _ = try await staging.cancel(String(next.plan.id ?? 0)) }
            shop.clock.advance(by: .seconds(601))
            #expect(try await staging.applyDue().isEmpty)
            #expect(try await price(shop, DemoCodes.small) == 555)
        }
    }

    /// Two hubs on one shop, each with the same plan staged, apply it at the same moment: Square's price is
    /// set once (one new version), and each hub's plan ends applied.
    @Test func twoHubsApplyingOnePlanAtOnceWriteItOnce() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let otherPath = shop.folder.appendingPathComponent("other.sqlite").path
            let other = try CatalogDatabase(path: otherPath, clock: shop.clock)
            var otherContext = AppContext(
                settings: shop.context.settings, clock: shop.clock, environment: [:], openDatabase: { _ in other })
            otherContext.settings.counter = "second-hub"
            _ = try await SyncEngine(database: other, client: try otherContext.makeClient()).run(full: true)
            let small = try #require(try await shop.database.variations(gtins: [DemoCodes.small]).first)
            let before = try #require(try await shop.variation(small.variationID)["version"]?.int64Value)

            let soon = Timestamp(seconds: shop.clock.now().seconds + 3600).rfc3339
            let plan = try file(shop, "spring.csv", ["\(DemoCodes.small),4.44"])
            let hubs = [try StagedPrices(context: shop.context), try StagedPrices(context: otherContext)]
            for hub in hubs { _ = try await hub.stage(file: plan, at: soon, name: "Spring", options: .init()) }
            shop.clock.advance(by: .seconds(3601))
            async let first = hubs[0].applyDue()
            async let second = hubs[1].applyDue()
            let (one, two) = try await (first, second)
            for applied in [one, two] {
                #expect(applied.count == 1 && applied.first?.finished == true, "\(applied.map(\.lines))")
                #expect(applied.first?.lines.map(\.status) == [.applied], "\(applied.map(\.lines))")
            }
            let after = try await shop.variation(small.variationID)
            #expect(after["item_variation_data"]?["price_money"]?["amount"] == .int(444))
            // One write: both hubs hold the version it made, and Square has no later one.
            let versions = [one, two].compactMap { $0.first?.lines.first?.version }
            #expect(versions.count == 2 && Set(versions) == [after["version"]?.int64Value ?? 0], "\(versions)")
            #expect((after["version"]?.int64Value ?? 0) > before)
        }
    }

    /// A plan's tags printed ahead show its new prices, so they are stale until it applies, and none of them
    /// is stale once it has (`label stale`'s rule over the print log and the prices applied).
    @Test(.requires(.cupsd, .cupsClient)) func tagsPrintedAheadAreStaleUntilThePlanApplies() async throws {
        var shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let cups = try await PrivateCUPS.start()
            try await cleaningUp({ await cups.stop() }) {
                let printer = try await cups.addRawSocketQueue(name: "tags")
                shop.context.printing = CUPSPrintService(server: PrintServer(environment: cups.environment))
                let staging = try StagedPrices(context: shop.context)
                let soon = Timestamp(seconds: shop.clock.now().seconds + 3600).rfc3339
                let plan = try file(shop, "monday.csv", ["\(DemoCodes.small),5.55", "\(DemoCodes.medium),6.66"])
                let staged = try await staging.stage(file: plan, at: soon, name: "Monday", options: .init())
                #expect(try await StaleTags.list(at: nil, context: shop.context).isEmpty)

                let tags = try await staging.tags(String(staged.plan.id ?? 0), at: nil)
                var request = LabelRequest(template: "shelf-2x1")
                request.pricedAt = tags.effective
                request.aisleHeadings = true
                // Not followed here: the test's clock, which following waits on, stands still.
                let printed = try await LabelPrinting.print(
                    tags.variations, request: request, printer: "tags", context: shop.context)
                #expect(printed.labelJob.state == .printing, "\(printed.text)")
                let jobs = await printer.waitForJobs(count: 1)
                let zpl = String(decoding: jobs.first ?? [], as: UTF8.self)
                #expect(zpl.contains("5.55") && zpl.contains("6.66"), "the tags show the new prices")
                // Printed ahead: until the plan applies, the shelf's tags show prices the till does not charge.
                let ahead = try await StaleTags.list(at: nil, context: shop.context)
                #expect(Set(ahead.compactMap(\.printed.price?.amount)) == [555, 666], "\(ahead)")

                shop.clock.advance(by: .seconds(3601))
                let applied = try await staging.applyDue()
                #expect(applied.first?.lines.map(\.status) == [.applied, .applied])
                #expect(try await StaleTags.list(at: nil, context: shop.context).isEmpty, "no tag of the plan is stale")
            }
        }
    }

    @Test func theTimeIsTheShopsOwn() throws {
        let now = Timestamp(rfc3339: "2026-11-27T09:00:00Z")!
        let london = TimeZone(identifier: "Europe/London")!
        let newYork = TimeZone(identifier: "America/New_York")!
        #expect(
            try StagedPrices.effectiveTime("2026-12-01 08:00", timeZone: london, now: now).rfc3339
                == "2026-12-01T08:00:00Z")
        #expect(
            try StagedPrices.effectiveTime("2026-12-01 08:00", timeZone: newYork, now: now).rfc3339
                == "2026-12-01T13:00:00Z")
        #expect(
            try StagedPrices.effectiveTime("2026-12-24", timeZone: london, now: now).rfc3339 == "2026-12-24T00:00:00Z")
        #expect(throws: AppError.self) { try StagedPrices.effectiveTime("Monday", timeZone: london, now: now) }
    }
}
