import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Store
import Testing

/// The small workflows the command line calls instead of the database: synonyms, the scan log, the
/// write history and outbox, sync problems, the search index and the hub's devices, each read back from
/// the demo shop's real database.
@Suite struct DatabaseWorkflowTests {
    @Test func synonymsAreAddedOnceListedAndRemovedInTheirStoredForm() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let synonyms = SynonymWorkflow(context: shop.context)
            let added = try await synonyms.add(word: "LRG", synonyms: ["Large", "!!"])
            #expect(added.word == "lrg" && added.synonyms == ["large"] && added.anyNew)
            #expect(try await synonyms.add(word: "lrg", synonyms: ["large"]).anyNew == false)
            #expect(try await synonyms.entries().contains { $0.word == "lrg" && $0.synonyms == ["large"] })

            let none = await #expect(throws: AppError.self) {
                _ = try await synonyms.add(word: "lrg", synonyms: ["!!"])
            }
            #expect(none?.exitStatus == .usage)
            let phrase = #expect(throws: AppError.self) { try SynonymWorkflow.checkWord("two words") }
            #expect(phrase?.exitStatus == .usage)

            #expect(
                try await synonyms.remove(word: "lrg", synonyms: []).count == 1)
            let gone = await #expect(throws: AppError.self) { _ = try await synonyms.remove(word: "lrg", synonyms: []) }
            #expect(gone?.exitStatus == .notFound)
        }
    }

    @Test func theScanLogListsNewestFirstAndTheUnknownCodesAlone() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let log = ScanLog(context: shop.context)
            #expect(try await log.scans(unknownOnly: false, limit: 10).isEmpty)
            let known = try #require(try await Lookup.lookUp(DemoCodes.small, in: shop.database).first)
            _ = try await shop.database.recordScan(
                Store.ScanRecord(code: DemoCodes.small, variationID: known.variationID))
            _ = try await shop.database.recordScan(Store.ScanRecord(code: "0000000000000"))
            #expect(
                try await log.scans(unknownOnly: false, limit: 10).map(\.code) == ["0000000000000", DemoCodes.small])
            #expect(try await log.scans(unknownOnly: false, limit: 1).map(\.code) == ["0000000000000"])
            #expect(try await log.scans(unknownOnly: true, limit: 10).map(\.code) == ["0000000000000"])
        }
    }

    @Test func anEditShowsInTheHistoryAndTheOutboxSendsNothingWhenNothingWaits() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            #expect(try await WriteHistory.entries(code: nil, since: nil, limit: 10, context: shop.context).isEmpty)
            let small = try #require(try await Lookup.lookUp(DemoCodes.small, in: shop.database).first)
            _ = try await EditWorkflow(context: shop.context).edit(DemoCodes.small, EditRequest(price: "4.99"))
            let history = try await WriteHistory.entries(
                code: DemoCodes.small, since: nil, limit: 10, context: shop.context)
            #expect(history.count == 1 && history.first?.objectID == small.variationID, "\(history)")
            #expect(try await WriteHistory.entries(code: "4011", since: nil, limit: 10, context: shop.context).isEmpty)

            // The edit went straight through: the outbox keeps it as applied, with nothing waiting.
            let outbox = try await OutboxReview.entries(all: false, context: shop.context)
            #expect(outbox.map(\.status) == [.applied], "\(outbox.map(\.status))")
            let sent = try await SyncWorkflow(context: shop.context).sendOutboxNow()
            #expect(SyncWorkflow.line(sent) == "outbox: 0 applied")
        }
    }

    @Test func aCleanSyncHoldsNothingBackAndTheIndexIsRebuiltWithProgress() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            #expect(try await SyncWorkflow.problems(context: shop.context).isEmpty)
            let summary = try await SearchIndexRebuild.run(context: shop.context)
            #expect(summary.items > 0)
            #expect(summary.vocabulary > 0)
            #expect(shop.progress.statuses.last == "reindexing: \(summary.items) of \(summary.items) items")
        }
    }

    @Test func devicesNeedTheHubsDatabaseAndARevokeOfNoDeviceRevokesNone() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            var missing = shop.context
            missing.settings.databasePath = shop.folder.appendingPathComponent("absent.sqlite").path
            let refused = #expect(throws: AppError.self) { _ = try HubDevices(context: missing) }
            #expect(refused?.exitStatus == .noInput)
            #expect(refused?.description.contains("absent.sqlite") == true)

            let devices = try HubDevices(context: shop.context)
            #expect(try await devices.devices(includeRevoked: true).isEmpty)
            #expect(try await devices.revoke("till-9", now: shop.clock.now()).isEmpty)
        }
    }

    @Test func aCountListsShowsAndCancelsItsLines() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let counts = try CountWorkflow(context: shop.context)
            let session = try await counts.start(name: "shelf 3", location: "High Street")
            #expect(try await counts.lines(of: session).isEmpty)
            _ = try await counts.count(DemoCodes.small, quantity: 3, in: session)
            _ = try await counts.count(DemoCodes.medium, quantity: 2, in: session)
            let lines = try await counts.lines(of: session)
            #expect(lines.map(\.line.counted) == [3, 2])
            #expect(lines.map { $0.variation?.gtin } == [DemoCodes.small, DemoCodes.medium])

            let listed = try await counts.sessions(all: false)
            #expect(listed.map(\.session.id) == [session.id])
            #expect(listed.first?.totals.lines == 2 && listed.first?.totals.units == 5)
            try await counts.cancel(session)
            #expect(try await counts.sessions(all: false).isEmpty)
            #expect(try await counts.sessions(all: true).map(\.session.status) == [.cancelled])
            let again = await #expect(throws: AppError.self) { try await counts.cancel(session) }
            #expect(again?.exitStatus == .dataError)
        }
    }

    @Test func codesAreMissingOnlyWhereAVariationHasNoBarcode() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let missing = try await CodeAssignment(context: shop.context).missing()
            #expect(!missing.kept.isEmpty)
            #expect(missing.kept.allSatisfy { $0.gtin == nil })
            #expect(missing.soldByWeight.isEmpty)  // no scale layout in this shop's settings
        }
    }

    @Test func storedFieldNamesAndValuesAreShownInWords() {
        #expect(EditFieldName.display("variation_name") == "variation name")
        #expect(EditFieldName.display("price@L123") == "price at L123")
        #expect(EditFieldName.show("not_a_field", nil) == "(none)")
        #expect(EditFieldName.show("not_a_field", .null) == "(none)")
        #expect(EditFieldName.show("not_a_field", "text") == "text")
        #expect(EditFieldName.show("not_a_field", .int(4)) == "4")
    }
}
