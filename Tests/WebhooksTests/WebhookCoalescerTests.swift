import Foundation
import Sync
import Testing
import Webhooks

/// The coalescer on its own: one running, one queued, failures do not stop it.
struct WebhookCoalescerTests {
    struct Refused: Error {}

    @Test func requestsWhileRunningQueueOneMore() async {
        let counter = WebhookSyncCounter()
        let gate = WebhookGate()
        let coalescer = SyncCoalescer {
            await counter.add()
            await gate.wait()
        }
        #expect(await coalescer.request() == .started)
        #expect(await coalescer.request() == .queued)
        #expect(await coalescer.request() == .coalesced)
        #expect(await coalescer.request() == .coalesced)
        await gate.open()
        await coalescer.waitUntilIdle()
        #expect(await counter.runs == 2)
        #expect(await coalescer.isBusy == false)
        #expect(await coalescer.request() == .started)
        await coalescer.waitUntilIdle()
        #expect(await counter.runs == 3)
    }

    @Test func aFailingSyncDoesNotStopLaterOnes() async {
        let counter = WebhookSyncCounter()
        let coalescer = SyncCoalescer(logger: WebhookLog.standardError(label: "webhook-tests", level: .critical)) {
            await counter.add()
            if await counter.runs == 1 { throw Refused() }
        }
        await coalescer.request()
        await coalescer.waitUntilIdle()
        await coalescer.request()
        await coalescer.waitUntilIdle()
        #expect(await counter.runs == 2)
        let counts = await coalescer.counts
        #expect(counts.failed == 1)
        #expect(counts.succeeded == 1)
    }
}
