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

    @Test func aJobsRecordsAreUpdatedTogether() async throws {
        let database = try temporaryDatabase()
        let stored = try await database.recordPrints([
            Self.printed("V1", item: "I1", price: 100, status: .submitted),
            Self.printed("V2", item: "I2", price: 200, status: .submitted),
        ])
        #expect(stored.allSatisfy { $0.id != nil })
        try await database.updatePrintJob(7, printer: "zebra", status: .failed, reason: "the printer is stopped")
        let log = try await database.printLog()
        #expect(log.count == 2)
        #expect(log.allSatisfy { $0.status == .failed && $0.reason == "the printer is stopped" })
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
