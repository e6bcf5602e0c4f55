import CatalogCore
import CatalogTestSupport
import Crypto
import Foundation
import Hummingbird
import Logging
import Testing

@testable import Sandbox

/// The sandbox's webhook events: one signed `catalog.version.updated` per committed write, in order.
struct WebhookSenderTests {
    static let key = "sandbox-webhook-key"

    @Test func writesPostSignedEventsInOrder() async throws {
        let receiver = try await EventReceiver.start()
        let url = "http://127.0.0.1:\(receiver.port)/square"
        let configuration = SandboxConfiguration(webhookURL: url, signatureKey: Self.key)
        try await withSandbox(configuration) { _, client in
            let created = try await client.upsert(newItem("Webhook Kettle", variations: ["Small"], tag: "kettle"))
            let first = try await receiver.waitForEvents(1)
            #expect(first.count == 1)

            // Reads, a replayed idempotency key and a refused write announce nothing.
            let key = UUID().uuidString
            let body: JSONValue = [
                "idempotency_key": .string(key), "object": newItem("Webhook Jug", variations: ["1 l"]),
            ]
            #expect(try await client.post("/v2/catalog/object", body).status == 200)
            #expect(try await client.post("/v2/catalog/object", body).status == 200)
            _ = try await client.search(["object_types": ["ITEM"]])
            let itemID = try #require(mapped(created, "#kettle"))
            var stale = try #require(created.json["catalog_object"])
            stale["version"] = .int(1)
            #expect(try await client.upsert(stale, expecting: 400).status == 400)
            let deleted = try await client.delete("/v2/catalog/object/\(itemID)")
            #expect(deleted.status == 200)

            let events = try await receiver.waitForEvents(3)
            #expect(events.count == 3)
            let updatedAts = events.compactMap {
                $0.json["data"]?["object"]?["catalog_version"]?["updated_at"]?.stringValue
            }
            #expect(updatedAts.first == created.json["catalog_object"]?["updated_at"]?.stringValue)
            #expect(updatedAts.last == deleted.json["deleted_at"]?.stringValue)
            #expect(updatedAts == updatedAts.sorted() && Set(updatedAts).count == 3)
            #expect(Set(events.map { $0.json["event_id"]?.stringValue ?? "" }).count == 3)
            for event in events {
                #expect(event.path == "/square")
                #expect(event.contentType == "application/json")
                #expect(event.json["type"]?.stringValue == "catalog.version.updated")
                #expect(event.json["merchant_id"]?.stringValue?.isEmpty == false)
                #expect(event.json["data"]?["type"]?.stringValue == "catalog_version")
                #expect(event.json["data"]?["id"]?.stringValue == "")
                #expect(event.json["created_at"]?.stringValue.flatMap(Timestamp.init(rfc3339:)) != nil)
                let mac = HMAC<SHA256>.authenticationCode(
                    for: Array(url.utf8) + event.body, using: SymmetricKey(data: Array(Self.key.utf8)))
                #expect(event.signature == Data(mac).base64EncodedString())
            }
        }
        await receiver.stop()
    }

    @Test func anUnreachableReceiverDoesNotFailWrites() async throws {
        let closed = try await EventReceiver.start()
        let port = closed.port
        await closed.stop()
        let configuration = SandboxConfiguration(webhookURL: "http://127.0.0.1:\(port)/gone", signatureKey: Self.key)
        try await withSandbox(configuration) { _, client in
            try await writeFive(client)
        }
    }

    /// The sandbox's writes only queue their events: with a receiver that never answers, every write still
    /// succeeds, the first event reaches the receiver and is held there, and stopping the sandbox ends that
    /// delivery (the receiver sees its connection closed).
    @Test(.timeLimit(.minutes(1))) func aReceiverThatHangsFailsNoWriteAndStoppingEndsItsDelivery() async throws {
        let hanging = try HangingListener()
        defer { hanging.stop() }
        var events = hanging.events.makeAsyncIterator()
        let server = try await SandboxServer.start(
            SandboxConfiguration(webhookURL: hanging.url + "/slow", signatureKey: Self.key))
        try await writeFive(Client(baseURL: server.baseURL))
        #expect(await events.next() == .received(connection: 0))
        await server.stop()
        let closed = try #require(await events.next())
        guard case .closed(let connection, let bytes) = closed else {
            Issue.record("expected a closed connection, got \(closed)")
            return
        }
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("POST /slow HTTP/1.1"), "connection \(connection)")
    }

    /// What the sandbox's writes rely on, in the sender itself (its timeout set far away, so only what the
    /// sender does can end a delivery): `notify` returns while the receiver holds the first event, and
    /// `finish` cancels that delivery and drops the events still queued, never sending them.
    @Test(.timeLimit(.minutes(1))) func aHungDeliveryHoldsUpNeitherNotifyNorFinish() async throws {
        let hanging = try HangingListener()
        defer { hanging.stop() }
        var events = hanging.events.makeAsyncIterator()
        var quiet = Logger(label: "webhook-test")
        quiet.logLevel = .critical
        let sender = try #require(
            WebhookSender(url: hanging.url + "/slow", key: Self.key, timeout: 86_400, logger: quiet))
        sender.notify(updatedAt: 1_700_000_000_000)
        #expect(await events.next() == .received(connection: 0), "the first event is out, and held")
        for index in 1...4 { sender.notify(updatedAt: 1_700_000_000_000 + Int64(index)) }
        await sender.finish()
        let closed = try #require(await events.next())
        guard case .closed(connection: 0, let bytes) = closed else {
            Issue.record("expected the held delivery to be closed first, got \(closed)")
            return
        }
        #expect(String(decoding: bytes, as: UTF8.self).contains("\"updated_at\""))
        #expect(hanging.connections == 1, "the four queued events were dropped, not sent")
    }

    private func writeFive(_ client: Client) async throws {
        for index in 0..<5 {
            try await client.upsert(newItem("Lonely \(index)", variations: ["One"], tag: "lonely\(index)"))
        }
        let items = try await client.search(["object_types": ["ITEM"]])
        #expect(items.objects.count == 5)
    }

    @Test func aURLWithoutAKeyIsRefused() async throws {
        await #expect(throws: SandboxError.self) {
            try await SandboxServer.start(SandboxConfiguration(webhookURL: "http://127.0.0.1:9/x"))
        }
        await #expect(throws: SandboxError.self) {
            try await SandboxServer.start(SandboxConfiguration(webhookURL: "ftp://x/y", signatureKey: "k"))
        }
    }
}

extension Client {
    /// Upserts one object with a fresh idempotency key, expecting `status`.
    func upsert(_ object: JSONValue, expecting status: Int) async throws -> Reply {
        let reply = try await post(
            "/v2/catalog/object", ["idempotency_key": .string(UUID().uuidString), "object": object])
        #expect(reply.status == status, "\(reply.json)")
        return reply
    }
}
