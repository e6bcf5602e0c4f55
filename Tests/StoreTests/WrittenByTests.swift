import CatalogCore
import Foundation
import Testing

@testable import Store

/// Who asked for a write (`WrittenBy`) is recorded by the Store with every history row, scan and outbox entry
/// written meanwhile; a queued change's history rows are its outbox entry's, whoever sends it later.
@Suite struct WrittenByTests {
    static let till = WrittenBy(deviceID: 7, staff: "Sam")

    static func history(_ field: String) -> HistoryEntry {
        HistoryEntry(
            counter: "till", action: .edit, objectType: "ITEM_VARIATION", objectID: "V1", itemID: "I1", field: field,
            oldValue: .int(250), newValue: .int(275), version: 5)
    }

    @Test func writesScansAndQueuedChangesRecordTheDeviceAndStaffMemberAskingForThem() async throws {
        let database = try temporaryDatabase()
        try await WrittenBy.$current.withValue(Self.till) {
            try await database.recordWrite(objects: [], history: [Self.history("price")])
            _ = try await database.recordScan(ScanRecord(code: "0012345678905"))
        }
        // Nobody said: nothing recorded.
        try await database.recordWrite(objects: [], history: [Self.history("sku")])
        let rows = try await database.history(limit: 10)
        #expect(rows.map(\.field) == ["sku", "price"])
        #expect(rows.map(\.writtenBy) == [nil, Self.till])
        #expect(try await database.scans(limit: 1).first?.writtenBy == Self.till)

        // Queued by the till; sent later by a sync another device asked for: the history is the till's.
        let queued = try await WrittenBy.$current.withValue(Self.till) {
            try await database.enqueue(
                OutboxEntry(
                    counter: "till", kind: .edit, objectID: "V1", itemID: "I1", label: "Apple Juice", baseVersion: 4,
                    changes: [.init(field: "price", old: .int(250), new: .int(275))], idempotencyKey: "key-1",
                    reason: "offline"))
        }
        let id = try #require(queued.id)
        let kept = try #require(try await database.outboxEntry(id: id))
        #expect(kept.writtenBy == Self.till && kept.json["device_id"] == 7 && kept.json["staff"] == "Sam")
        try await WrittenBy.$current.withValue(WrittenBy(deviceID: 9, staff: nil)) {
            try await database.recordWrite(
                objects: [], history: [Self.history("name")], outbox: [OutboxUpdate(id: id, status: .applied)])
        }
        #expect(try await database.history(limit: 1).first?.writtenBy == Self.till)
    }
}
