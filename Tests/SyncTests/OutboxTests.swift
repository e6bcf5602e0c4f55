import CatalogCore
import CatalogTestSupport
import Foundation
import Sandbox
import SquareAPI
import Store
import Sync
import Testing

struct OutboxTests {
    static func usd(_ amount: Int64) -> JSONValue { Money(amount: amount, currency: "USD").json }

    /// An editor over the harness's database whose client cannot reach anything (port 1 refuses).
    static func offlineEditor(_ harness: SyncHarness) -> Editor {
        let client = SquareClient(
            configuration: SquareClientConfiguration(
                baseURL: URL(string: "http://127.0.0.1:1")!, accessToken: SyncHarness.token, requestTimeout: 2,
                retry: RetryPolicy(maxAttempts: 2, initialDelay: 0.01, maxDelay: 0.02)))
        return Editor(database: harness.database, client: client, counter: "till-1")
    }

    struct Fixture {
        var harness: SyncHarness
        var itemID: String
        var ids: [String]
    }

    static func fixture() async throws -> Fixture {
        let harness = try await SyncHarness.start(seed: .none)
        let item = try await harness.createRichItem()
        return Fixture(harness: harness, itemID: item["id"]!.stringValue!, ids: SyncHarness.variationIDs(of: item))
    }

    /// Changes one variation field on the server, as another counter or the dashboard would.
    static func serverSets(_ harness: SyncHarness, _ field: EditField, _ value: JSONValue?, on id: String) async throws
    {
        let current = try await harness.client.retrieveCatalogObject(id: id).object
        _ = try await harness.client.upsertCatalogObject(field.setting(value, in: current))
    }

    @Test func anEditMadeOfflineIsSentByTheNextSync() async throws {
        let fixture = try await Self.fixture()
        let harness = fixture.harness
        try await cleaningUp({ await harness.stop() }) {
            let queued = try await Self.offlineEditor(harness).edit(
                variationID: fixture.ids[0], itemID: fixture.itemID, label: "Mug — Small",
                edits: [FieldEdit(.price, Self.usd(1250))])
            guard case .queued(let id, let reason) = queued.status else {
                Issue.record("expected the edit to be queued, got \(queued.status)")
                return
            }
            #expect(reason.contains("could not be reached"))
            #expect(queued.changes == [FieldChange(field: .price, old: Self.usd(1200), new: Self.usd(1250))])
            let pending = try await harness.database.outboxEntries(statuses: [.pending])
            #expect(pending.map(\.id) == [id])
            #expect(pending.first?.baseVersion != nil)

            // Meanwhile someone renames the item in Square: a different field, so no conflict.
            let item = try await harness.client.retrieveCatalogObject(id: fixture.itemID).object
            _ = try await harness.client.upsertCatalogObject(EditField.name.setting("Mug (renamed)", in: item))

            let summary = try await harness.editor.sendOutbox()
            #expect(summary.applied == 1 && summary.conflicts == 0 && summary.failed == 0)
            let server = try await harness.client.retrieveCatalogObject(id: fixture.ids[0]).object
            #expect(server["item_variation_data"]?["price_money"] == Self.usd(1250))
            #expect(
                try await harness.client.retrieveCatalogObject(id: fixture.itemID).object["item_data"]?["name"]
                    == "Mug (renamed)")
            let entry = try #require(try await harness.database.outboxEntry(id: id))
            #expect(entry.status == .applied)
            #expect(entry.resultVersion == server["version"]?.int64Value)
            let history = try await harness.database.history(objectIDs: [fixture.ids[0]])
            #expect(history.first?.source == "outbox \(id)")
            #expect(history.first?.newValue == Self.usd(1250))
            // Sending again does nothing: the entry is no longer pending.
            #expect(try await harness.editor.sendOutbox() == OutboxReplaySummary())
        }
    }

    /// A shelf place set while Square is away: when the outbox is sent, the location's shelf definition is
    /// made first (Square refuses a value without one), then the value; the next place uses the same one.
    @Test func aShelfPlaceSetOfflineMakesItsLocationsDefinitionWhenSent() async throws {
        let fixture = try await Self.fixture()
        let harness = fixture.harness
        try await cleaningUp({ await harness.stop() }) {
            let location = try #require(try await harness.client.listLocations().first?["id"]?.stringValue)
            let queued = try await Self.offlineEditor(harness).edit(
                variationID: fixture.ids[0], itemID: fixture.itemID, label: "Mug — Small",
                edits: [FieldEdit(.shelf(at: location), "A3-2")])
            guard case .queued = queued.status else {
                Issue.record("expected the edit to be queued, got \(queued.status)")
                return
            }
            let summary = try await harness.editor.sendOutbox()
            #expect(summary.applied == 1 && summary.failed == 0, "\(summary)")
            let held = try await harness.client.retrieveCatalogObject(id: fixture.ids[0]).object
            #expect(held["custom_attribute_values"]?["shelf-\(location)"]?["string_value"] == "A3-2")
            _ = try await harness.editor.edit(
                variationID: fixture.ids[1], itemID: fixture.itemID, label: "Mug — Large",
                edits: [FieldEdit(.shelf(at: location), "A3-3")])
            var definitions: [JSONValue] = []
            for try await page in harness.client.listAllCatalog(types: ["CUSTOM_ATTRIBUTE_DEFINITION"]) {
                definitions += page.objects
            }
            #expect(
                definitions.map { $0["custom_attribute_definition_data"]?["key"] } == [.string("shelf-\(location)")])
        }
    }

    @Test func aSameFieldChangeOnSquareIsAConflictUntilSomeoneDecides() async throws {
        let fixture = try await Self.fixture()
        let harness = fixture.harness
        try await cleaningUp({ await harness.stop() }) {
            let offline = Self.offlineEditor(harness)
            let first = try await offline.edit(
                variationID: fixture.ids[0], itemID: fixture.itemID, label: "Mug — Small",
                edits: [FieldEdit(.price, Self.usd(1250))])
            let second = try await offline.edit(
                variationID: fixture.ids[1], itemID: fixture.itemID, label: "Mug — Medium",
                edits: [FieldEdit(.price, Self.usd(1450))])
            guard case .queued(let firstID, _) = first.status, case .queued(let secondID, _) = second.status else {
                Issue.record("expected both edits to be queued")
                return
            }
            try await Self.serverSets(harness, .price, Self.usd(1299), on: fixture.ids[0])
            try await Self.serverSets(harness, .price, Self.usd(1499), on: fixture.ids[1])

            let summary = try await harness.editor.sendOutbox()
            #expect(summary.conflicts == 2 && summary.applied == 0)
            // Nothing was written: Square keeps its values until someone decides.
            let small = try await harness.client.retrieveCatalogObject(id: fixture.ids[0]).object
            #expect(small["item_variation_data"]?["price_money"] == Self.usd(1299))
            let conflict = try #require(try await harness.database.outboxEntry(id: firstID))
            #expect(conflict.status == .conflict)
            #expect(conflict.remote?["price"] == Self.usd(1299))
            #expect(conflict.changes.first?.new == Self.usd(1250))

            // Keep remote: nothing is written, the entry is resolved.
            #expect(try await harness.editor.resolve(outboxID: firstID, keepLocal: false) == nil)
            #expect(
                try await harness.client.retrieveCatalogObject(id: fixture.ids[0]).object["version"] == small["version"]
            )
            #expect(try await harness.database.outboxEntry(id: firstID)?.status == .resolved)

            // Keep local: this counter's value is written over Square's.
            let result = try #require(try await harness.editor.resolve(outboxID: secondID, keepLocal: true))
            #expect(result.status == .applied)
            let medium = try await harness.client.retrieveCatalogObject(id: fixture.ids[1]).object
            #expect(medium["item_variation_data"]?["price_money"] == Self.usd(1450))
            #expect(try await harness.database.outboxEntry(id: secondID)?.status == .resolved)
            let history = try await harness.database.history(objectIDs: [fixture.ids[1]])
            #expect(history.first?.action == .resolve)
            #expect(history.first?.oldValue == Self.usd(1499))

            // Resolving twice is refused with a reason; every entry is still there.
            await #expect(throws: OutboxError.self) {
                try await harness.editor.resolve(outboxID: secondID, keepLocal: true)
            }
            #expect(try await harness.database.outboxEntries().count == 2)
        }
    }

    @Test func anEditWhoseValueIsAlreadyInSquareIsAppliedWithoutAWrite() async throws {
        let fixture = try await Self.fixture()
        let harness = fixture.harness
        try await cleaningUp({ await harness.stop() }) {
            let queued = try await Self.offlineEditor(harness).edit(
                variationID: fixture.ids[2], itemID: fixture.itemID, label: "Mug — Large",
                edits: [FieldEdit(.sku, "MUG-LG")])
            guard case .queued(let id, _) = queued.status else {
                Issue.record("expected a queued edit")
                return
            }
            // As if the first send reached Square but its answer was lost.
            try await Self.serverSets(harness, .sku, "MUG-LG", on: fixture.ids[2])
            let before = try await harness.client.retrieveCatalogObject(id: fixture.ids[2]).object["version"]
            #expect(try await harness.editor.sendOutbox().applied == 1)
            #expect(try await harness.client.retrieveCatalogObject(id: fixture.ids[2]).object["version"] == before)
            #expect(try await harness.database.outboxEntry(id: id)?.status == .applied)
        }
    }

    @Test func anEditOfAnObjectDeletedInSquareFailsWithAReason() async throws {
        let fixture = try await Self.fixture()
        let harness = fixture.harness
        try await cleaningUp({ await harness.stop() }) {
            let queued = try await Self.offlineEditor(harness).edit(
                variationID: fixture.ids[0], itemID: fixture.itemID, label: "Mug — Small",
                edits: [FieldEdit(.price, Self.usd(999))])
            guard case .queued(let id, _) = queued.status else {
                Issue.record("expected a queued edit")
                return
            }
            _ = try await harness.client.deleteCatalogObject(id: fixture.itemID)
            let summary = try await harness.editor.sendOutbox()
            #expect(summary.failed == 1)
            let entry = try #require(try await harness.database.outboxEntry(id: id))
            #expect(entry.status == .failed)
            #expect(entry.reason?.contains("deleted") == true)
        }
    }

    @Test func whileSquareStaysUnreachableEntriesStayPending() async throws {
        let fixture = try await Self.fixture()
        let harness = fixture.harness
        try await cleaningUp({ await harness.stop() }) {
            let offline = Self.offlineEditor(harness)
            _ = try await offline.edit(
                variationID: fixture.ids[0], itemID: fixture.itemID, label: "Mug — Small",
                edits: [FieldEdit(.price, Self.usd(999))])
            await #expect(throws: OutboxError.self) { try await offline.sendOutbox() }
            let entries = try await harness.database.outboxEntries()
            #expect(entries.map(\.status) == [.pending])
            #expect(entries.first?.attempts == 1)
        }
    }

    @Test func twoCountersConverge() async throws {
        let fixture = try await Self.fixture()
        let harness = fixture.harness
        try await cleaningUp({ await harness.stop() }) {
            let other = try CatalogDatabase(path: harness.folder.appendingPathComponent("till-2.sqlite").path)
            let otherEngine = SyncEngine(database: other, client: harness.client)
            _ = try await otherEngine.run()
            let tillTwo = Editor(database: other, client: harness.client, counter: "till-2")
            _ = try await harness.editor.edit(
                variationID: fixture.ids[0], itemID: fixture.itemID, label: "Mug",
                edits: [FieldEdit(.price, Self.usd(1111))])
            _ = try await tillTwo.edit(
                variationID: fixture.ids[1], itemID: fixture.itemID, label: "Mug",
                edits: [FieldEdit(.name, "Mug from till 2")])
            _ = try await harness.engine.run()
            _ = try await otherEngine.run()
            let mine = try await harness.database.allObjects()
            let theirs = try await other.allObjects()
            #expect(mine == theirs)
            #expect(mine[fixture.ids[0]]?["item_variation_data"]?["price_money"] == Self.usd(1111))
            #expect(theirs[fixture.itemID]?["item_data"]?["name"] == "Mug from till 2")
            try await harness.expectDatabaseEqualsServer()
        }
    }
}
