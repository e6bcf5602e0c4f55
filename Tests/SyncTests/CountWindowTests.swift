import CatalogCore
import CatalogTestSupport
import Foundation
import SquareAPI
import Store
import Sync
import Testing

/// Square takes a physical count only when its `occurred_at` is at most 24 hours old: a line counted longer
/// ago is posted as of now, moved by what Square recorded since, or refused when Square has a newer count.
@Suite struct CountWindowTests {
    struct Counted {
        var variationID: String
        var location: String
        var sessionID: Int64
        var reference: String
    }

    /// A count of `quantity` units of one variation, made 30 hours ago and not posted yet.
    static func countedThirtyHoursAgo(_ harness: SyncHarness, quantity: Decimal) async throws -> Counted {
        let then = try CatalogDatabase(
            path: harness.database.path,
            clock: TestClock(start: Timestamp(seconds: Timestamp.now().seconds - 30 * 3600)))
        let location = try #require(try await harness.database.locations().first?["id"]?.stringValue)
        let variation = try #require(try await harness.database.sampleVariations(limit: 20).first)
        let reference = "catalog-count-" + UUID().uuidString.prefix(8).lowercased()
        let session = try await then.startCountSession(
            name: "Back shelf", locationID: location, scope: .open, counter: "till-1",
            reference: reference)
        _ = try await then.addCount(
            sessionID: session.id, variationID: variation.variationID, quantity: quantity, replacing: true,
            counter: "till-1", expected: nil)
        return Counted(
            variationID: variation.variationID, location: location, sessionID: session.id, reference: reference)
    }

    /// Queues the count's one line as the posting workflow does, and sends it.
    static func post(_ counted: Counted, _ harness: SyncHarness) async throws -> CountSendSummary {
        let editor = harness.editor
        _ = try await harness.database.freezeCountSession(counted.sessionID)
        let line = try #require(
            try await harness.database.countLine(sessionID: counted.sessionID, variationID: counted.variationID))
        let change = Editor.physicalCount(
            variationID: counted.variationID, locationID: counted.location, quantity: line.counted,
            occurredAt: line.lastCountedAt, reference: counted.reference)
        let batch = CountBatch(
            entry: editor.countEntry(
                sessionID: counted.sessionID, name: "Back shelf", reference: counted.reference,
                locationID: counted.location, changes: [change]),
            variationIDs: [counted.variationID])
        let queued = try await harness.database.queueCountPost(
            sessionID: counted.sessionID, zeroFill: [], at: Timestamp.now().rfc3339, counter: "till-1", leftOut: [:],
            batches: [batch], requeue: [], claimedBy: editor.sender)
        let entry = try #require(queued.first?.entry)
        return try await editor.sendCountEntry(entry, id: try #require(entry.id))
    }

    /// Records in Square, `hoursAgo` hours ago, `change` ("ADJUSTMENT" or "PHYSICAL_COUNT" with its fields).
    static func inSquare(_ harness: SyncHarness, _ counted: Counted, hoursAgo: Int64, _ fields: JSONObject)
        async throws
    {
        var body: JSONObject = [
            "location_id": .string(counted.location), "catalog_object_id": .string(counted.variationID),
            "catalog_object_type": "ITEM_VARIATION",
            "occurred_at": .string(Timestamp(seconds: Timestamp.now().seconds - hoursAgo * 3600).rfc3339),
        ]
        for (key, value) in fields { body[key] = value }
        let type = fields["state"] == nil ? "ADJUSTMENT" : "PHYSICAL_COUNT"
        _ = try await harness.client.batchCreateInventoryChanges(
            idempotencyKey: UUID().uuidString,
            changes: [["type": .string(type), (type == "ADJUSTMENT" ? "adjustment" : "physical_count"): .object(body)]])
    }

    /// Square's physical counts of the variation under this count's reference.
    static func posted(_ harness: SyncHarness, _ counted: Counted) async throws -> [JSONValue] {
        var found: [JSONValue] = []
        let request: JSONValue = ["catalog_object_ids": [.string(counted.variationID)], "types": ["PHYSICAL_COUNT"]]
        for try await page in harness.client.batchRetrieveInventoryChanges(request) {
            found += page.changes.compactMap { $0["physical_count"] }.filter {
                $0["reference_id"]?.stringValue == counted.reference
            }
        }
        return found
    }

    @Test func aLineCountedThirtyHoursAgoPostsAsOfNowLessWhatSoldSince() async throws {
        let harness = try await SyncHarness.start(seed: .demo)
        try await cleaningUp({ await harness.stop() }) {
            _ = try await harness.engine.run()
            let counted = try await Self.countedThirtyHoursAgo(harness, quantity: 10)
            // Two hours ago the till sold three.
            try await Self.inSquare(
                harness, counted, hoursAgo: 2, ["from_state": "IN_STOCK", "to_state": "SOLD", "quantity": "3"])

            let sentFrom = Timestamp.now()
            let summary = try await Self.post(counted, harness)
            #expect(summary.posted == 1 && summary.refused == 0, "\(summary)")
            let stock = try await OutboxPropertyTests.counts(
                harness.client, [counted.variationID], at: counted.location)
            #expect(stock[counted.variationID] == 7)
            let posted = try await Self.posted(harness, counted)
            #expect(posted.count == 1, "\(posted)")
            #expect(posted.first?["quantity"] == "7")
            let at = try #require(posted.first?["occurred_at"]?.stringValue.flatMap(Timestamp.init(rfc3339:)))
            #expect(at.seconds >= sentFrom.seconds - 1)
            let line = try await harness.database.countLine(
                sessionID: counted.sessionID, variationID: counted.variationID)
            #expect(line?.postStatus == .posted)
        }
    }

    @Test func aLineSquareHasANewerCountOfIsRefusedAndNamed() async throws {
        let harness = try await SyncHarness.start(seed: .demo)
        try await cleaningUp({ await harness.stop() }) {
            _ = try await harness.engine.run()
            let counted = try await Self.countedThirtyHoursAgo(harness, quantity: 10)
            // Someone counted the shelf in Square's own app five hours ago.
            try await Self.inSquare(harness, counted, hoursAgo: 5, ["state": "IN_STOCK", "quantity": "12"])

            let summary = try await Self.post(counted, harness)
            #expect(summary.posted == 0 && summary.refused == 1, "\(summary)")
            let stock = try await OutboxPropertyTests.counts(
                harness.client, [counted.variationID], at: counted.location)
            #expect(stock[counted.variationID] == 12)
            #expect(try await Self.posted(harness, counted).isEmpty)
            let line = try await harness.database.countLine(
                sessionID: counted.sessionID, variationID: counted.variationID)
            #expect(line?.postStatus == .refused)
            #expect(line?.postReason?.contains("newer count (12") == true, "\(String(describing: line?.postReason))")
        }
    }
}
