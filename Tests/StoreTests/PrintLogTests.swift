import CatalogCore
import Foundation
import Store
import Testing

@Suite struct PrintLogTests {
    static func usd(_ amount: Int64) -> Money { Money(amount: amount, currency: "USD") }

    static func printed(
        _ id: String, item: String, price: Int64, regular: Int64? = nil, status: PrintRecord.Status = .completed
    )
        -> PrintRecord
    {
        PrintRecord(
            counter: "till-1", variationID: id, itemID: item, template: "shelf-2x1", printer: "zebra", jobID: 7,
            status: status, price: usd(price), regularAmount: regular, version: 1)
    }

    @Test func aTagWhosePriceChangedIsStaleUntilItIsPrintedAgain() async throws {
        let database = try temporaryDatabase()
        _ = try await database.apply([
            item(
                "I1", name: "Apple Juice", version: 1, variations: [variation("V1", item: "I1", version: 1, price: 250)]
            ),
            item("I2", name: "Bread", version: 1, variations: [variation("V2", item: "I2", version: 1, price: 300)]),
        ])
        _ = try await database.recordPrints([
            Self.printed("V1", item: "I1", price: 250), Self.printed("V2", item: "I2", price: 300),
        ])
        #expect(try await database.staleLabels().isEmpty)

        _ = try await database.apply([variation("V1", item: "I1", version: 2, price: 275)])
        let stale = try await database.staleLabels()
        #expect(stale.map(\.printed.variationID) == ["V1"])
        #expect(stale.first?.printed.price == Self.usd(250))
        #expect(stale.first?.currentPrice == Self.usd(275))

        // A failed print does not put a tag on the shelf; a completed reprint does.
        _ = try await database.recordPrints([Self.printed("V1", item: "I1", price: 275, status: .failed)])
        #expect(try await database.staleLabels().count == 1)
        _ = try await database.recordPrints([Self.printed("V1", item: "I1", price: 275, status: .submitted)])
        #expect(try await database.staleLabels().isEmpty)
    }

    @Test func aSaleTagIsComparedByTheRegularPriceItWasBasedOn() async throws {
        let database = try temporaryDatabase()
        _ = try await database.apply([
            item("I1", name: "Tea", version: 1, variations: [variation("V1", item: "I1", version: 1, price: 500)])
        ])
        _ = try await database.recordPrints([Self.printed("V1", item: "I1", price: 400, regular: 500)])
        #expect(try await database.staleLabels().isEmpty)
        _ = try await database.apply([variation("V1", item: "I1", version: 2, price: 550)])
        #expect(try await database.staleLabels().count == 1)
    }

    @Test func aTagOfAVariationThatIsGoneIsListedWithoutACurrentPrice() async throws {
        let database = try temporaryDatabase()
        _ = try await database.apply([
            item("I1", name: "Tea", version: 1, variations: [variation("V1", item: "I1", version: 1, price: 500)])
        ])
        _ = try await database.recordPrints([Self.printed("V1", item: "I1", price: 500)])
        _ = try await database.apply([tombstone("I1", type: "ITEM", version: 2)])
        let stale = try await database.staleLabels()
        #expect(stale.count == 1)
        #expect(stale.first?.current == nil)
    }

    static func job(printer: String? = "zebra") -> LabelJob {
        LabelJob(
            createdAt: "2026-11-27T10:00:00Z", counter: "till-1", locationID: nil, template: "shelf-2x1",
            templatePath: nil, labels: 2, tags: 2, copies: 1, title: "2 tags", printer: printer, route: .asked,
            content: "[]")
    }

    @Test func aLabelJobIsSentOnceAndItsTagsFollowItsState() async throws {
        let database = try temporaryDatabase()
        let now = Timestamp(seconds: 1_795_000_000)
        let queued = try await database.enqueue(Self.job())
        let id = try #require(queued.id)
        #expect(queued.state == .queued && queued.attempts == 0)

        // Two senders at once: only one gets it.
        let first = try await database.claimLabelJob(id: id, at: now)
        let second = try await database.claimLabelJob(id: id, at: now)
        #expect(first?.state == .sending && first?.attempts == 1)
        #expect(second == nil)

        let tags = [
            Self.printed("V1", item: "I1", price: 100, status: .submitted),
            Self.printed("V2", item: "I2", price: 200, status: .submitted),
        ]
        let sent = try await database.labelJobSent(id: id, printer: "zebra", cupsJobID: 7, prints: tags, at: now)
        #expect(sent?.state == .printing && sent?.cupsJobID == 7)
        #expect(try await database.printLog().allSatisfy { $0.labelJobID == id && $0.status == .submitted })

        try await database.settleLabelJob(id: id, state: .failed, reason: "the printer is stopped", at: now)
        let log = try await database.printLog()
        #expect(log.count == 2)
        #expect(log.allSatisfy { $0.status == .failed && $0.reason == "the printer is stopped" })

        // A person sends it to another printer: queued again, for that printer.
        let retried = try await database.requeueLabelJob(id: id, printer: "office", route: .asked, at: now)
        #expect(retried?.state == .queued && retried?.printer == "office" && retried?.cupsJobID == nil)
        _ = try await database.claimLabelJob(id: id, at: now)
        try await database.labelJobSent(id: id, printer: "office", cupsJobID: 3, prints: tags, at: now)
        try await database.settleLabelJob(id: id, state: .completed, reason: nil, at: now)
        let after = try await database.printLog()
        #expect(after.filter { $0.status == .completed }.count == 2)
        #expect(after.filter { $0.status == .failed }.count == 2)

        // An ended job stays ended, and a completed one cannot be retried.
        let ended = try await database.settleLabelJob(id: id, state: .failed, reason: "late", at: now)
        #expect(ended?.state == .completed)
        #expect(
            try await database.requeueLabelJob(id: id, printer: nil, route: .cupsDefault, at: now)?.state == .completed)
    }

    @Test func aJobLeftSendingByAStoppedProcessIsFailedNotSentTwice() async throws {
        let database = try temporaryDatabase()
        let now = Timestamp(seconds: 1_795_000_000)
        let id = try #require(try await database.enqueue(Self.job()).id)
        _ = try await database.claimLabelJob(id: id, at: now)
        let stuck = try await database.failInterruptedLabelJobs(reason: "interrupted", at: now)
        #expect(stuck.map(\.id) == [id])
        #expect(try await database.labelJob(id: id)?.state == .failed)
        #expect(try await database.labelJobs(states: [.failed], limit: 10).count == 1)
    }

    @Test func printerRoutesAreKeptOnePerTemplateCounterAndLocation() async throws {
        let database = try temporaryDatabase()
        try await database.setPrinterRoute(
            PrinterRoute(template: "shelf-2x1", counter: nil, locationID: nil, printer: "zebra"))
        try await database.setPrinterRoute(
            PrinterRoute(template: "shelf-2x1", counter: nil, locationID: nil, printer: "dymo"))
        try await database.setPrinterRoute(
            PrinterRoute(template: nil, counter: "till-2", locationID: nil, printer: "office"))
        let routes = try await database.printerRoutes()
        #expect(routes.count == 2)
        #expect(routes.contains(PrinterRoute(template: "shelf-2x1", counter: nil, locationID: nil, printer: "dymo")))
        #expect(try await database.removePrinterRoute(template: nil, counter: "till-2", locationID: nil))
        #expect(try await !database.removePrinterRoute(template: nil, counter: "till-2", locationID: nil))
        #expect(try await database.printerRoutes().count == 1)
    }

    @Test func selectsVariationsByCategoryAndByChangeTime() async throws {
        let database = try temporaryDatabase()
        _ = try await database.apply([
            category("C1", name: "Snacks", version: 1),
            item(
                "I1", name: "Crisps", version: 1, category: "C1", variations: [variation("V1", item: "I1", version: 1)]),
            item("I2", name: "Soap", version: 1, variations: [variation("V2", item: "I2", version: 1)]),
        ])
        #expect(try await database.variations(inCategories: ["C1"]).map(\.variationID) == ["V1"])
        #expect(try await database.variations(changedSince: "2026-11-23T00:00:00Z").count == 2)
        #expect(try await database.variations(changedSince: "2026-11-24T00:00:00Z").isEmpty)
    }
}
