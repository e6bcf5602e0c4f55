import CatalogCore
import CatalogTestSupport
import Foundation
import Sandbox
import Store
import Sync
import Testing

@Suite("Price import: planning against the local database")
struct PriceImportPlanTests {
    @Test("Barcodes, SKUs and ids in one column; decimal commas, £ and ; all read")
    func readsEveryFormat() async throws {
        let fixture = try await PriceImportFixture.start()
        try await cleaningUp({ await fixture.stop() }) {
            let v = try await fixture.variations(4)
            let gtin13 = try Barcode(v[1].upc!).gtin13 ?? v[1].upc!
            let file = [
                "\u{FEFF}Code;Bezeichnung;Preis",
                "\(v[0].upc!);\"Pen; blue\";1,25",
                "\(gtin13);x;\"£2,50\"",
                "\(v[2].sku!.lowercased());x;3",
                "\(v[3].variationID);x;\(v[3].price!.decimalString.replacingOccurrences(of: ".", with: ","))",
            ].joined(separator: "\r\n")
            let plan = try await fixture.importer.plan(Array(file.utf8))
            #expect(plan.separator == ";")
            #expect(plan.columns.code == 0 && plan.columns.price == 2 && plan.columns.hasHeader)
            #expect(plan.rows.map(\.line) == [2, 3, 4, 5])
            #expect(plan.rows.map(\.variationID) == v.map(\.variationID))
            #expect(plan.rows.map(\.newPrice?.amount) == [125, 250, 300, v[3].price!.amount])
            #expect(plan.rows.map(\.status) == [.change, .change, .change, .unchanged])
            #expect(plan.rows[0].oldPrice == v[0].price)
            #expect(plan.rows[0].itemName == v[0].itemName)
        }
    }

    @Test("Unknown codes, bad prices and empty cells are rows with their line numbers and reasons")
    func badRows() async throws {
        let fixture = try await PriceImportFixture.start()
        try await cleaningUp({ await fixture.stop() }) {
            let v = try await fixture.variations(5)
            let plan = try await fixture.importer.plan(
                [
                    "sku,name,price",
                    "\(v[0].sku!),\"a name",
                    "over two lines\",4.99",
                    "NO-SUCH-SKU-999,x,1.00",
                    "\(v[1].sku!),x,1.234",
                    "\(v[2].sku!),x,-2.00",
                    "\(v[3].sku!),x,",
                    ",x,5.00",
                    "\(v[4].sku!),x,abc",
                    ",,",
                ].csv)
            #expect(plan.rows.map(\.line) == [2, 4, 5, 6, 7, 8, 9])
            #expect(plan.rows.map(\.status) == [.change, .unknown, .error, .error, .error, .error, .error])
            #expect(plan.rows[1].message.contains("run catalog sync"))
            #expect(plan.rows[2].message.contains("could mean"))
            #expect(plan.rows[3].message.contains("negative"))
            #expect(plan.rows[4].message.contains("no price"))
            #expect(plan.rows[5].message.contains("no code"))
            #expect(plan.rows[6].message.contains("“abc” is not a price"))
            #expect(plan.counts[.error] == 5)
        }
    }

    @Test("A repeated variation: the same price counts once, different prices are errors naming the other line")
    func duplicates() async throws {
        let fixture = try await PriceImportFixture.start()
        try await cleaningUp({ await fixture.stop() }) {
            let v = try await fixture.variations(2)
            let plan = try await fixture.importer.plan(
                [
                    "barcode,price",
                    "\(v[0].upc!),9.99",
                    "\(v[1].upc!),1.00",
                    "\(v[0].sku!),9.99",
                    "\(v[1].variationID),2.00",
                ].csv, options: PriceImportOptions(codeColumn: ColumnChoice("1")))
            #expect(plan.rows.map(\.status) == [.change, .error, .duplicate, .error])
            #expect(plan.rows[2].message.contains("line 2"))
            #expect(plan.rows[1].message.contains("line 5"))
            #expect(plan.rows[3].message.contains("line 3"))
            #expect(plan.changes.count == 1)
        }
    }

    @Test("A SKU on two variations is ambiguous; a barcode still works")
    func ambiguousSKU() async throws {
        let fixture = try await PriceImportFixture.start()
        try await cleaningUp({ await fixture.stop() }) {
            let v = try await fixture.variations(2)
            var copy = try await fixture.serverObject(v[1].variationID)
            copy["item_variation_data"]?["sku"] = .string(v[0].sku!)
            _ = try await fixture.client.upsertCatalogObject(copy)
            _ = try await SyncEngine(database: fixture.database, client: fixture.client).run()
            let plan = try await fixture.importer.plan(
                ["sku,price", "\(v[0].sku!),1.00", "\(v[0].upc!),1.00"].csv,
                options: PriceImportOptions(codeColumn: .number(1)))
            #expect(plan.rows[0].status == .ambiguous)
            #expect(plan.rows[0].message.contains("2 variations"))
            #expect(plan.rows[1].status == .change && plan.rows[1].variationID == v[0].variationID)
        }
    }

    @Test("--currency that differs from the variation's currency is an error row")
    func currencyMismatch() async throws {
        let fixture = try await PriceImportFixture.start()
        try await cleaningUp({ await fixture.stop() }) {
            let v = try await fixture.variations(1)
            let plan = try await fixture.importer.plan(
                ["sku,price", "\(v[0].sku!),1.00"].csv, options: PriceImportOptions(currency: "eur"))
            #expect(plan.rows[0].status == .error)
            #expect(plan.rows[0].message.contains("EUR"))
        }
    }
}
