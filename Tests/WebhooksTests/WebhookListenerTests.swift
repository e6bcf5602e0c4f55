import CatalogCore
import Foundation
import Sync
import Testing
import Webhooks

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The webhook listener over real HTTP on 127.0.0.1: signatures, limits, repeats and coalesced syncs.
struct WebhookListenerTests {
    @Test func validEventAnswers200AndRunsOneSync() async throws {
        let counter = WebhookSyncCounter()
        try await withWebhookListener(sync: { await counter.add() }) { listener, coalescer, poster in
            let answer = try await poster.post(WebhookPoster.event())
            #expect(answer.status == 200)
            #expect(answer.body["status"]?.stringValue == "accepted")
            await coalescer.waitUntilIdle()
            #expect(await counter.runs == 1)
            #expect(await listener.receiver.tally[.accepted] == 1)
        }
    }

    @Test func badOrMissingSignatureIs401AndNoSync() async throws {
        let counter = WebhookSyncCounter()
        try await withWebhookListener(sync: { await counter.add() }) { _, coalescer, poster in
            let event = WebhookPoster.event()
            let forged = WebhookSignature.expected(body: event, notificationURL: poster.notificationURL, key: "guess")
            let httpURL = "http://shop.example/square"
            let wrongURL = WebhookSignature.expected(body: event, notificationURL: httpURL, key: WebhookPoster.key)
            let refused = [
                try await poster.post(event, signature: forged), try await poster.post(event, signed: false),
                try await poster.post(event, signature: wrongURL),
            ]
            #expect(refused.map(\.status) == [401, 401, 401])
            #expect(refused.allSatisfy { $0.body["error"]?.stringValue == "invalid signature" })
            // The real event, correctly signed, is still new: the rejected ones were not remembered.
            let genuine = try await poster.post(event)
            #expect(genuine.body["status"]?.stringValue == "accepted")
            await coalescer.waitUntilIdle()
            #expect(await counter.runs == 1)
        }
    }

    @Test func bodyOverOneMegabyteIs413() async throws {
        let counter = WebhookSyncCounter()
        try await withWebhookListener(sync: { await counter.add() }) { _, coalescer, poster in
            let padding = String(repeating: "x", count: 1 << 20)
            let big: JSONValue = ["type": "catalog.version.updated", "event_id": "big", "padding": .string(padding)]
            let answer = try await poster.post(big.serializedBytes())
            #expect(answer.status == 413)
            #expect(answer.body["error"] != nil)
            #expect(try await poster.post(WebhookPoster.event()).status == 200)
            await coalescer.waitUntilIdle()
            #expect(await counter.runs == 1)
        }
    }

    @Test func chunkedBodyOverOneMegabyteIs413() async throws {
        let counter = WebhookSyncCounter()
        try await withWebhookListener(sync: { await counter.add() }) { listener, _, poster in
            var request = URLRequest(url: URL(string: poster.baseURL.absoluteString + "/square")!)
            request.httpMethod = "POST"
            request.httpBodyStream = InputStream(data: Data(repeating: UInt8(ascii: "x"), count: (1 << 20) + 4096))
            request.setValue("chunked", forHTTPHeaderField: "Transfer-Encoding")
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            let (_, response) = try await session.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 413)
            #expect(await listener.receiver.tally[.tooLarge] == 1)
            #expect(await counter.runs == 0)
        }
    }

    @Test func replayedEventIsAnswered200WithoutASecondSync() async throws {
        let counter = WebhookSyncCounter()
        try await withWebhookListener(sync: { await counter.add() }) { _, coalescer, poster in
            let event = WebhookPoster.event(id: "6f0c7a9e-replayed")
            #expect(try await poster.post(event).status == 200)
            await coalescer.waitUntilIdle()
            let again = try await poster.post(event)
            #expect(again.status == 200)
            #expect(again.body["status"]?.stringValue == "duplicate")
            await coalescer.waitUntilIdle()
            #expect(await counter.runs == 1)
        }
    }

    @Test func otherTypesAreIgnoredAndBadJSONIs400() async throws {
        let counter = WebhookSyncCounter()
        try await withWebhookListener(sync: { await counter.add() }) { _, coalescer, poster in
            let test = try await poster.post(WebhookPoster.event(type: "webhooks.test_notification"))
            #expect(test.status == 200)
            #expect(test.body["status"]?.stringValue == "ignored")
            #expect(try await poster.post(Array("{not json".utf8)).status == 400)
            #expect(try await poster.post(Array("[1,2]".utf8)).status == 400)
            #expect(try await poster.post([], method: "GET").status == 405)
            let inventory = try await poster.post(WebhookPoster.event(type: "inventory.count.updated"), path: "/other")
            #expect(inventory.body["status"]?.stringValue == "accepted")
            await coalescer.waitUntilIdle()
            #expect(await counter.runs == 1)
        }
    }

    @Test func burstOfFiftyWhileSyncRunsCostsTwoSyncsAndAnswersAtOnce() async throws {
        let counter = WebhookSyncCounter()
        let gate = WebhookGate()
        try await withWebhookListener(sync: {
            await counter.add()
            await gate.wait()
            try await Task.sleep(for: .milliseconds(300))
        }) { listener, coalescer, poster in
            for _ in 0..<50 {
                let answer = try await poster.post(WebhookPoster.event())
                #expect(answer.status == 200)
            }
            // The first sync is still held at the gate, so every answer came back while it ran: an answer
            // that waited for the sync would never come. (No wall-clock limit: a busy machine is slow.)
            #expect(await counter.runs == 1)
            await gate.open()
            await coalescer.waitUntilIdle()
            #expect(await counter.runs == 2)
            let counts = await coalescer.counts
            #expect(counts.requested == 50)
            #expect(counts.started == 2)
            #expect(await listener.receiver.tally[.accepted] == 50)
        }
    }
}
