import CatalogCore
import CatalogTestSupport
import Foundation
import Sandbox
import SquareAPI
import Store
import Sync
import Testing

struct ItemCreatorOfflineTests {
    @Test func squareDownQueuesTheWholeBatchWithItsKeyAndWritesNothing() async throws {
        let dataFile = FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-\(UUID()).json").path
        defer { try? FileManager.default.removeItem(atPath: dataFile) }
        let fixture = try await CreatorFixture.start(dataFile: dataFile)
        defer { try? FileManager.default.removeItem(at: fixture.harness.folder) }
        await fixture.harness.server.stop()

        let draft = ItemDraft(
            name: "Offline Kettle", categories: ["Kettles Offline"], createCategories: true,
            variations: [
                .init(price: Money(amount: 2500, currency: "USD"), sku: "KET-1", gtin: freshUPC(21)),
                .init(name: "Steel", price: Money(amount: 2900, currency: "USD"), sku: "KET-2"),
            ])
        let queued = try await fixture.creator.create(draft, idempotencyKey: "offline-kettle-key")
        guard case .queued(let outboxID, let reason) = queued.status else {
            Issue.record("expected the creation to be queued, got \(queued.status)")
            return
        }
        #expect(!reason.isEmpty)
        #expect(queued.itemID == "#item")

        let entry = try #require(try await fixture.database.outboxEntry(id: outboxID))
        #expect(entry.kind == .create && entry.status == .pending)
        #expect(entry.objectID == "#item" && entry.itemID == nil && entry.baseVersion == nil)
        #expect(entry.label == "Offline Kettle")
        #expect(entry.idempotencyKey == "offline-kettle-key")
        #expect(entry.counter == "till-2")
        let payload = try #require(entry.payload?.arrayValue)
        #expect(payload.map { $0["type"]?.stringValue } == ["CATEGORY", "ITEM"])
        #expect(payload[1]["item_data"]?["variations"]?.arrayValue?.count == 2)
        #expect(payload[1]["item_data"]?["categories"]?[0]?["id"] == payload[0]["id"])
        #expect(entry.changes.allSatisfy { $0.old == nil })
        #expect(Set(entry.changes.map(\.field)) == ["name", "categories", "variation_name", "price", "sku", "gtin"])
        #expect(entry.changes.count == 9)
        #expect(try await fixture.database.history().isEmpty)
        #expect(try await fixture.database.variations(sku: "KET-1").isEmpty)

        // The same shop comes back: nothing was created. Sending the payload with the entry's key (what
        // outbox replay does) creates it once, and a second send changes nothing.
        let server = try await SandboxServer.start(
            SandboxConfiguration(port: 0, token: SyncHarness.token, dataFile: dataFile))
        try await cleaningUp({ await server.stop() }) {
            let back = SyncHarness(
                server: server, client: SyncHarness.client(for: server.baseURL), database: fixture.database,
                folder: fixture.harness.folder)
            let revived = CreatorFixture(harness: back)
            #expect(try await revived.serverItems(named: "Offline Kettle").isEmpty)
            // As if an earlier send got through but its answer was lost; then the outbox is sent.
            _ = try await back.client.batchUpsertCatalogObjects(
                batches: [payload], idempotencyKey: entry.idempotencyKey)
            let sent = try await Editor(database: fixture.database, client: back.client, counter: "till-2").sendOutbox()
            #expect(sent.applied == 1)
            #expect(try await revived.serverItems(named: "Offline Kettle").count == 1)
            #expect(try await fixture.database.outboxEntry(id: outboxID)?.status == .applied)
            #expect(try await fixture.database.variations(sku: "KET-1").count == 1)
            #expect(try await fixture.database.history().contains { $0.source == "outbox \(outboxID)" })
        }
    }

    @Test(arguments: [
        SandboxFaults(dropEvery: 2), SandboxFaults(rateLimitEvery: 2), SandboxFaults(failRate: 0.5, seed: 3),
    ])
    func rateLimitsAndDroppedAnswersNeverCreateTheItemTwice(faults: SandboxFaults) async throws {
        let fixture = try await CreatorFixture.start()
        try await cleaningUp({ await fixture.harness.stop() }) {
            await fixture.harness.server.setFaults(faults)
            var names: [String] = []
            for round in 1...3 {
                let name = "Flaky Lamp \(round)"
                names.append(name)
                let draft = ItemDraft(
                    name: name,
                    variations: [
                        .init(
                            price: Money(amount: 1500, currency: "USD"), sku: "LAMP-\(round)",
                            gtin: freshUPC(30 + round))
                    ])
                let created = try await fixture.creator.create(draft)
                #expect(created.status == .created)
            }
            await fixture.harness.server.setFaults(SandboxFaults())
            for name in names {
                #expect(try await fixture.serverItems(named: name).count == 1, "\(name)")
            }
            try await fixture.harness.expectDatabaseEqualsServer()
        }
    }
}
