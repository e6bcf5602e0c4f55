import CatalogCore
import Foundation
import Store
import Sync
import Testing
import Webhooks

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A gate a fake sync waits at until the test opens it.
actor WebhookGate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }
}

/// Counts what a fake sync did.
actor WebhookSyncCounter {
    private(set) var runs = 0
    func add() { runs += 1 }
}

/// Posts webhook deliveries to a listener over real HTTP.
struct WebhookPoster {
    static let key = "test-signature-key"
    let baseURL: URL
    let notificationURL: String

    /// A `catalog.version.updated` event as Square shapes it.
    static func event(id: String = UUID().uuidString, type: String = "catalog.version.updated") -> [UInt8] {
        let event: JSONValue = [
            "merchant_id": "MTEST0000001", "type": .string(type), "event_id": .string(id),
            "created_at": "2025-09-01T10:00:00.123Z",
            "data": [
                "type": "catalog_version", "id": "",
                "object": ["catalog_version": ["updated_at": "2025-09-01T10:00:00.100Z"]],
            ],
        ]
        return event.serializedBytes()
    }

    /// Posts `body` signed for the notification URL (or with `signature` when given); status and seconds taken.
    func post(
        _ body: [UInt8], signature: String? = nil, signed: Bool = true, method: String = "POST",
        path: String = "/square"
    ) async throws -> (status: Int, body: JSONValue, seconds: Double) {
        var request = URLRequest(url: URL(string: baseURL.absoluteString + path)!)
        request.httpMethod = method
        request.timeoutInterval = 10
        if method != "GET" { request.httpBody = Data(body) }
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let header =
            signature
            ?? (signed ? WebhookSignature.expected(body: body, notificationURL: notificationURL, key: Self.key) : nil)
        if let header { request.setValue(header, forHTTPHeaderField: WebhookSignature.headerName) }
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let started = ContinuousClock.now
        let (data, response) = try await session.data(for: request)
        let elapsed = ContinuousClock.now - started
        let status = try #require(response as? HTTPURLResponse).statusCode
        let json = (try? JSONValue.parse(data)) ?? .null
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return (status, json, seconds)
    }
}

/// Runs `body` against a listener on 127.0.0.1 port 0 whose syncs are `sync`, storing inventory events' counts
/// in `database` when one is given (as `catalog webhook serve` does).
func withWebhookListener(
    database: CatalogDatabase? = nil, sync: @escaping @Sendable () async throws -> Void,
    _ body: (WebhookListener, SyncCoalescer, WebhookPoster) async throws -> Void
) async throws {
    let quiet = WebhookLog.standardError(label: "webhook-tests", level: .critical)
    let coalescer = SyncCoalescer(logger: quiet, sync: sync)
    let configuration = WebhookListenerConfiguration(
        port: 0, notificationURL: "https://shop.example/square", signatureKey: WebhookPoster.key)
    let listener = try await WebhookListener.start(
        configuration, coalescer: coalescer, database: database, logger: quiet)
    let poster = WebhookPoster(baseURL: listener.baseURL, notificationURL: configuration.notificationURL)
    do {
        try await body(listener, coalescer, poster)
    } catch {
        await listener.stop()
        throw error
    }
    await listener.stop()
}
