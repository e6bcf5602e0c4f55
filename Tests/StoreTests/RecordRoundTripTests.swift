import CatalogCore
import Foundation
import GRDB
import Testing

@testable import Store

/// Each table's record type: a row inserted through the record reads back the same through the Store's
/// public API and through the record.
@Suite struct RecordRoundTripTests {
    @Test func outboxRecord() async throws {
        let database = try temporaryDatabase()
        let entry = OutboxEntry(
            counter: "till", kind: .edit, objectID: "V1", itemID: "I1", label: "Apple Juice", baseVersion: 4,
            changes: [.init(field: "price", old: .int(250), new: .int(275)), .init(field: "sku", old: nil, new: "A1")],
            payload: ["note": "x"], idempotencyKey: "key-1", reason: "offline",
            at: Timestamp(rfc3339: "2026-11-20T09:00:00Z") ?? Timestamp.now())
        let record = try await database.write { db in
            var record = OutboxRecord(entry, claimedBy: nil)
            record.remote = OutboxEntry.encode(remote: ["price": .int(300)])
            try record.insert(db)
            return record
        }
        let id = try #require(record.id)
        let read = try #require(try await database.outboxEntry(id: id))
        var expected = entry
        expected.id = id
        expected.remote = ["price": .int(300)]
        #expect(read == expected)
        let fetched = try await database.read { db in try OutboxRecord.fetchOne(db, key: id) }
        #expect(fetched == record)
        #expect(try await database.outboxEntries(statuses: [.pending]) == [expected])
    }

    @Test func historyRecord() async throws {
        let database = try temporaryDatabase()
        let entry = HistoryEntry(
            at: "2026-11-20T09:00:00Z", counter: "till", action: .edit, objectType: "ITEM_VARIATION",
            objectID: "V1", itemID: "I1", field: "price", oldValue: .int(250), newValue: nil, version: 5,
            source: "outbox 1")
        let record = try await database.write { db in
            var record = HistoryRecord(entry)
            try record.insert(db)
            return record
        }
        var expected = entry
        expected.id = record.id
        #expect(try await database.history(objectIDs: ["I1"]) == [expected])
        #expect(try await database.history(since: "2026-11-21T00:00:00Z").isEmpty)
        let fetched = try await database.read { db in try HistoryRecord.fetchAll(db) }
        #expect(fetched == [record])
    }

    @Test func scanLogRecord() async throws {
        let database = try temporaryDatabase()
        var scan = ScanRecord(
            at: "2026-11-20T09:00:00Z", device: "/dev/input/event3", code: "0123", gtin: nil, symbology: "]E0",
            variationID: nil, mode: "lookup", action: "unknown", scanID: "s-1", counter: "till")
        scan.answer = "{}"
        let written = scan
        let record = try await database.write { db in
            var record = ScanLogRecord(written)
            try record.insert(db)
            return record
        }
        scan.id = record.scan.id
        #expect(try await database.scan(scanID: "s-1") == scan)
        #expect(try await database.scans(unknownOnly: true) == [scan])
        let fetched = try await database.read { db in try ScanLogRecord.fetchAll(db) }
        #expect(fetched == [record])
    }

    @Test func hubQueueRecord() async throws {
        let database = try temporaryDatabase()
        let inserted = try await database.write { db in
            let record = HubQueueRecord(
                scanID: "s-1", code: "0123", device: nil, counter: "till", scannedAt: "2026-11-20T09:00:00Z")
            return try record.insertAndRead(db, as: QueuedScan.self)
        }
        let next = try #require(try await database.nextScanForHub())
        #expect(next == inserted && next.scanID == "s-1" && next.code == "0123" && next.counter == "till")
        #expect(next.scannedAt == "2026-11-20T09:00:00Z" && next.postedAt == nil && next.device == nil)
        try await database.scanPostedToHub(next.seq, answer: "{}", at: Timestamp(seconds: 0))
        let fetched = try await database.read { db in try QueuedScan.fetchAll(db, sql: "SELECT * FROM hub_queue") }
        #expect(fetched.map(\.answer) == ["{}"] && fetched.map(\.postedAt) == [Timestamp(seconds: 0).rfc3339])
    }

    @Test func deviceAndPairingCodeRecords() async throws {
        let database = try temporaryDatabase()
        let (device, code) = try await database.write { db in
            var device = DeviceRecord(
                name: "Till 2", tokenHash: "t", csrfToken: "c", pairedAt: "2026-11-20T09:00:00Z",
                pairedFrom: "10.0.0.2", lastSeenAt: nil, revokedAt: nil, role: "manager")
            try device.insert(db)
            let code = PairingCodeRecord(
                codeHash: "h", madeAt: "2026-11-20T08:59:00Z", expiresAt: "2026-11-20T09:09:00Z",
                usedAt: "2026-11-20T09:00:00Z", deviceID: device.id, role: "manager")
            try code.insert(db)
            return (device, code)
        }
        let paired = try #require(try await database.device(tokenDigest: "t"))
        #expect(paired.id == device.id && paired.name == "Till 2" && paired.csrfToken == "c")
        #expect(paired.pairedAt == device.pairedAt && paired.pairedFrom == "10.0.0.2" && paired.revokedAt == nil)
        #expect(paired.role == .manager)
        #expect(try await database.devices() == [paired])
        let fetched = try await database.read { db in
            (try DeviceRecord.fetchAll(db), try PairingCodeRecord.fetchAll(db))
        }
        #expect(fetched.0 == [device] && fetched.1 == [code])
    }

    @Test func reorderRecords() async throws {
        let database = try temporaryDatabase()
        let (line, event) = try await database.write { db in
            var line = ReorderLineRecord(
                variationID: "V9", status: "ordered", quantity: 6, received: 2, note: "top shelf", counter: "till",
                lastCounter: "office", firstAdded: "2026-11-20T09:00:00Z", lastAdded: "2026-11-20T10:00:00Z",
                vendorID: "VEN1", orderReference: "PO-1", orderedAt: "2026-11-20T11:00:00Z", closedAt: nil)
            try line.insert(db)
            let event = ReorderEventRecord(
                at: "2026-11-20T09:00:00Z", counter: "till", lineID: line.id ?? 0, variationID: "V9", action: "add",
                quantity: 6, detail: nil)
            return (line, try event.insertAndRead(db, as: ReorderEvent.self))
        }
        let read = try #require(try await database.reorderLine(id: line.id ?? 0))
        #expect(read.status == .ordered && read.quantity == 6 && read.received == 2 && read.note == "top shelf")
        #expect(read.counter == "till" && read.lastCounter == "office" && read.firstAdded == line.firstAdded)
        #expect(read.lastAdded == line.lastAdded && read.orderReference == "PO-1" && read.orderedAt == line.orderedAt)
        #expect(read.supply?.vendorID == "VEN1" && read.variation == nil && read.closedAt == nil)
        let events = try await database.reorderEvents(lineID: line.id)
        #expect(events.count == 1 && events[0].id == event.id && events[0].action == "add" && events[0].quantity == 6)
        let fetched = try await database.read { db in
            (try ReorderLineRecord.fetchAll(db), try ReorderEvent.fetchAll(db, sql: "SELECT * FROM reorder_events"))
        }
        #expect(fetched.0 == [line] && fetched.1 == [event] && event.detail == nil && event.lineID == line.id)
    }

    @Test func vendorAndInventoryCountRecords() async throws {
        let database = try temporaryDatabase()
        try await database.saveVendors([["id": "VEN1", "name": "Acme", "status": "ACTIVE"]])
        #expect(try await database.vendorNames() == ["VEN1": "Acme"])
        let count = InventoryCountRecord(
            variationID: "V1", locationID: "L1", quantity: "3.5", calculatedAt: "2026-11-20T09:00:00Z",
            fetchedAt: "2026-11-20T09:01:00Z")
        try await database.write { db in try count.insert(db) }
        let status = try await database.variationStatus(variationID: "V1", itemID: "I1")
        #expect(status.stock == ["L1": "3.5"])
        let fetched = try await database.read { db in
            (try VendorRecord.fetchAll(db), try InventoryCountRecord.fetchAll(db))
        }
        #expect(fetched.0.map(\.name) == ["Acme"] && fetched.1 == [count])
    }

    @Test func countRecords() async throws {
        let database = try temporaryDatabase()
        let (session, line, event) = try await database.write { db in
            var session = CountSessionRecord(
                name: "Shelf", locationID: "L1", scope: "areas", scopeIDs: #"["C1","C2"]"#, status: "open",
                counter: "till", startedAt: "2026-11-20T09:00:00Z", closedAt: nil, reference: "count-1")
            try session.insert(db)
            let line = CountLineRecord(
                sessionID: session.id ?? 0, variationID: "V1", counted: StoredQuantity(Decimal(string: "1.25") ?? 0),
                expected: "2", expectedAt: "2026-11-20T09:01:00Z", firstCountedAt: "2026-11-20T09:01:00Z",
                lastCountedAt: "2026-11-20T09:02:00Z", lastCounter: "till", postStatus: "queued", postReason: nil,
                outboxID: 3, postedAt: nil, zeroFilled: false)
            try line.insert(db)
            var event = CountEventRecord(
                sessionID: session.id ?? 0, variationID: "V1", at: "2026-11-20T09:01:00Z", counter: "till",
                action: "add", quantity: StoredQuantity(7))
            try event.insert(db)
            return (session, line, event)
        }
        let read = try #require(try await database.countSession(id: session.id ?? 0))
        #expect(read.name == "Shelf" && read.scope == .areas && read.scopeIDs == ["C1", "C2"])
        #expect(read.status == .open && read.reference == "count-1" && read.startedAt == session.startedAt)
        let lines = try await database.countLines(sessionID: read.id)
        #expect(lines.count == 1 && lines[0].counted == Decimal(string: "1.25") && lines[0].expected == "2")
        #expect(lines[0].postStatus == .queued && lines[0].outboxID == 3 && !lines[0].zeroFilled)
        let fetched = try await database.read { db in
            (try CountSessionRecord.fetchAll(db), try CountLineRecord.fetchAll(db), try CountEventRecord.fetchAll(db))
        }
        #expect(fetched.0 == [session] && fetched.1 == [line] && fetched.2 == [event])
    }

    @Test func printLogRecord() async throws {
        let database = try temporaryDatabase()
        let printed = PrintRecord(
            at: "2026-11-20T09:00:00Z", counter: "till", variationID: "V1", itemID: "I1", template: "shelf",
            printer: "zebra", jobID: 9, copies: 2, status: .submitted, reason: nil,
            price: Money(amount: 199, currency: "USD"), regularAmount: 250, version: 3, locationID: "L1",
            saleRuleID: "R1", withTaxes: true)
        let record = try await database.write { db in
            var record = PrintLogRecord(printed)
            try record.insert(db)
            return record
        }
        var expected = printed
        expected.id = record.id
        #expect(try await database.printLog(variationID: "V1") == [expected])
        let fetched = try await database.read { db in try PrintLogRecord.fetchAll(db) }
        #expect(fetched == [record])
    }

    @Test func syncStateLocationAndProblemRecords() async throws {
        let database = try temporaryDatabase()
        let problem = SyncProblemRecord(
            id: "I9", type: "ITEM", version: 2, reason: "no name", waitsFor: nil,
            json: #"{"id":"I9","type":"ITEM","item_data":{"name":"Pear"}}"#, firstSeenAt: "2026-11-20T09:00:00Z",
            lastTriedAt: "2026-11-20T09:05:00Z", attempts: 2)
        let location = LocationRecord(id: "L1", name: "Market Hall", status: "ACTIVE", json: #"{"id":"L1"}"#)
        try await database.write { db in
            try SyncStateRecord(key: "watermark", value: "2026-11-20").insert(db)
            try location.insert(db)
            try problem.insert(db)
        }
        #expect(try await database.syncState()["watermark"] == "2026-11-20")
        #expect(try await database.locations() == [["id": "L1"]])
        let problems = try await database.syncProblems()
        #expect(problems.count == 1 && problems[0].label == "ITEM I9 “Pear”" && problems[0].attempts == 2)
        #expect(problems[0].version == 2 && problems[0].lastTriedAt == problem.lastTriedAt)
        #expect(try await database.heldBack(variationID: "V9", itemID: "I9")?.id == "I9")
        let fetched = try await database.read { db in
            (try SyncStateRecord.fetchAll(db), try LocationRecord.fetchAll(db), try SyncProblemRecord.fetchAll(db))
        }
        #expect(fetched.0.contains(SyncStateRecord(key: "watermark", value: "2026-11-20")))
        #expect(fetched.1 == [location] && fetched.2 == [problem])
    }
}
