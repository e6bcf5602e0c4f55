import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Store
import Testing

@testable import Hub

/// A remote counter's relay against a real hub over HTTP, with its own database.
@Suite struct ScanRelayTests {
    /// A scan submitted just as the relay first finds its queue empty must still go at once. The relay used to
    /// count the wake-ups after reading the queue, so a scan kept in between was seen an hour later: `catalog
    /// scan --hub` with a file of scans then waited for ever (CI's test_hub_trust). Many fresh relays, each
    /// scan submitted straight after the start, hit that window several times in a run of the old code.
    @Test func aScanSubmittedAsTheRelayStartsReachesTheHubAtOnce() async throws {
        let shop = try await HubShop.start(liveClock: true)
        try await cleaningUp({ await shop.stop() }) {
            let hub = try shop.baseURL
            let link = try await HubClient(hub: hub).pair(code: try await shop.pairingCode(), name: "Till 9")
            let counter = shop.folder.appendingPathComponent("counter.sqlite").path
            let database = try CatalogDatabase(path: counter)
            for round in 0..<40 {
                let relay = ScanRelay(database: database, client: HubClient(hub: hub), link: link) { _ in }
                await relay.start()
                try await relay.submit(code: "0012345678905", device: nil)
                let watchdog = Task {
                    try await Task.sleep(for: .seconds(10))
                    await relay.interrupt()
                }
                let end = try await relay.drain()
                watchdog.cancel()
                await relay.stop()
                guard case .done = end else {
                    Issue.record("round \(round): the scan waited 10 s for a relay that had started (\(end))")
                    return
                }
            }
            let logged = try await shop.database.scans(unknownOnly: false, since: nil, limit: 100)
            #expect(logged.filter { $0.counter == "Till 9" }.count == 40)
        }
    }
}
