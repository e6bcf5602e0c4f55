import CatalogCore
import Foundation
import Sandbox
import SquareAPI
import SquareSchema
import Store
import Sync
import Testing

/// Every request the tool's write paths send (edit, outbox, item creation, price import) and every
/// answer to them, checked against Square's schemas.
@Suite struct WriteContractTests {
    @Test func theWritePathsSendWhatSquareDescribes() async throws {
        let contract = try SquareContract.load()
        let recorder = ContractRecorder()
        let server = try await SandboxServer.start(
            SandboxConfiguration(port: 0, token: ContractTests.token, seed: .demo, onExchange: recorder.record))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("contract-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try await drive(server: server, folder: folder)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()

        let paths = Set(
            recorder.exchanges.map {
                "\($0.method) \($0.path.hasPrefix("/v2/catalog/object/") ? "/v2/catalog/object/{id}" : $0.path)"
            })
        #expect(
            paths.isSuperset(of: [
                "GET /v2/catalog/object/{id}", "POST /v2/catalog/object", "POST /v2/catalog/batch-upsert",
                "POST /v2/catalog/batch-retrieve",
            ]))
        let violations = recorder.violations(against: contract)
        #expect(violations.isEmpty, "\(violations.count) violations:\n\(violations.prefix(20).joined(separator: "\n"))")
    }

    func drive(server: SandboxServer, folder: URL) async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let client = SquareClient(
            configuration: SquareClientConfiguration(
                baseURL: server.baseURL, accessToken: ContractTests.token, requestTimeout: 10, retry: .none))
        let database = try CatalogDatabase(path: folder.appendingPathComponent("catalog.sqlite").path)
        _ = try await SyncEngine(database: database, client: client).run()
        let samples = try await database.sampleVariations(limit: 40)
        let first = try #require(samples.first)
        let editor = Editor(database: database, client: client, counter: "contract")

        let priced = try await editor.edit(
            variationID: first.variationID, itemID: first.itemID, label: "first",
            edits: [FieldEdit(.price, Money(amount: 123, currency: "GBP").json), FieldEdit(.sku, "CONTRACT-1")])
        #expect(priced.status == .applied)
        let categories = try await CategoryResolver(database: database).resolve(["Contract Shelf"], create: true)
        let categoryIDs = try await editor.createCategories(categories)
        let renamed = try await editor.edit(
            variationID: first.variationID, itemID: first.itemID, label: "first",
            edits: [
                FieldEdit(.name, "Contract name"), FieldEdit(.description, "Plain <b>text</b>"),
                FieldEdit(.archived, true), FieldEdit(.categories, .array(categoryIDs.map(JSONValue.string))),
            ])
        #expect(renamed.status == .applied)

        let created = try await ItemCreator(database: database, client: client, counter: "contract").create(
            ItemDraft(
                name: "Contract Teapot", categories: ["Contract Shelf"], createCategories: false,
                variations: [
                    .init(price: Money(amount: 1500, currency: "GBP"), sku: "CT-1"),
                    .init(name: "Large", price: nil, sku: "CT-2"),
                ]))
        #expect(created.status == .created)

        var csv = "sku;price\n"
        for sample in samples.dropFirst().prefix(30) where sample.sku != nil {
            csv += "\(sample.sku!);\((sample.price?.amount ?? 100) + 7)\n"
        }
        let importer = PriceImport(database: database)
        let plan = try await importer.plan(Array(csv.utf8))
        let result = try await importer.apply(plan, client: client, counter: "contract", source: "contract.csv")
        #expect(result.rows.contains { $0.status == .updated })
    }
}
