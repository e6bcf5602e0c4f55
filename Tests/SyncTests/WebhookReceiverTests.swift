import CatalogCore
import Foundation
import Sync
import Testing

/// The receiver without HTTP: the memory of event ids is bounded, oldest forgotten first.
struct WebhookReceiverTests {
    static let url = "https://shop.example/square"

    func deliver(_ receiver: WebhookReceiver, _ id: String) async -> WebhookReceiver.Verdict {
        let body = WebhookPoster.event(id: id)
        let signature = WebhookSignature.expected(body: body, notificationURL: Self.url, key: WebhookPoster.key)
        return await receiver.receive(signature: signature, body: body).verdict
    }

    @Test func remembersOnlyTheLastEventIDs() async {
        let coalescer = SyncCoalescer(logger: WebhookLog.standardError(label: "webhook-tests", level: .critical)) {}
        let receiver = WebhookReceiver(
            notificationURL: Self.url, signatureKey: WebhookPoster.key, coalescer: coalescer, rememberedEventIDs: 2,
            logger: WebhookLog.standardError(label: "webhook-tests", level: .critical))
        #expect(await deliver(receiver, "a") == .accepted)
        #expect(await deliver(receiver, "b") == .accepted)
        #expect(await deliver(receiver, "b") == .duplicate)
        #expect(await deliver(receiver, "c") == .accepted)
        // "a" was the oldest of three, so it is forgotten; "c" is still remembered.
        #expect(await deliver(receiver, "a") == .accepted)
        #expect(await deliver(receiver, "c") == .duplicate)
        await coalescer.waitUntilIdle()
        #expect(await receiver.tally == [.accepted: 4, .duplicate: 2])
    }
}
