import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Hub
import Testing

/// What the hub answers says what happened, as docs/api.md documents it: a malformed scan is a 400, HEAD is
/// answered wherever GET is, a remote counter reads the hub's whole refusal, and an address the computer
/// does not have is not blamed on another hub.
@Suite struct HubMessageTests {
    @Test func aControlCharacterInAScansCounterIsABadRequest() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            let answer = try await shop.request(
                "POST", "/api/v1/scans", body: ["id": "s1", "code": "4006381333931", "counter": "Till\u{1B}[2J"],
                device: device)
            #expect(answer.status == 400, "\(answer.text)")
            #expect(answer.json["error"]?.stringValue?.contains("control character") == true, "\(answer.text)")
        }
    }

    @Test func headIsAnsweredWhereverGetIsWithoutABody() async throws {
        let shop = try await HubShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let device = try await shop.pair()
            for path in ["/api/v1/health", "/api/v1/search?q=widget", "/api/v1/counters"] {
                let get = try await shop.request("GET", path, device: device)
                let head = try await shop.request("HEAD", path, device: device)
                #expect(get.status == 200, "\(path): \(get.text)")
                #expect(head.status == get.status && head.bytes.isEmpty, "\(path): HEAD \(head.status)")
                #expect(head.header("Content-Type") == get.header("Content-Type"), "\(path)")
            }
            // HEAD needs the same credential as GET.
            #expect(try await shop.request("HEAD", "/api/v1/counters").status == 401)
            // A path nobody has is still 404, for HEAD too.
            #expect(try await shop.request("HEAD", "/api/v1/nothing-here", device: device).status == 404)
        }
    }

    @Test func aRemoteCounterReadsTheHubsWholeRefusal() async throws {
        let shop = try await HubShop.start()
        try await cleaningUp({ await shop.stop() }) {
            do {
                _ = try await HubClient(hub: try shop.baseURL).pair(code: "WRNG-CODE", name: "Till 9")
                Issue.record("a wrong code paired")
            } catch let error as AppError {
                // The hub's sentence ends by saying what to do; it must reach the person whole.
                #expect(
                    error.description.contains("Pair with a new pairing code from whoever looks after the hub."),
                    "\(error)")
                #expect(!error.description.contains("…"), "\(error)")
            }
        }
    }

    @Test func anAddressThisComputerDoesNotHaveIsNamedAsSuch() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-listen-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try await cleaningUp({ try? FileManager.default.removeItem(at: folder) }) {
            let settings = try Settings.resolve(
                SettingsOverrides(database: folder.appendingPathComponent("hub.sqlite").path),
                environment: ["HOME": folder.path])
            let context = AppContext(settings: settings, environment: [:])
            // 192.0.2.1 is TEST-NET-1 (RFC 5737): no machine has it.
            let configuration = HubConfiguration(host: "192.0.2.1", port: 0, syncOnStart: false)
            do {
                let hub = try await HubServer.start(configuration, context: context)
                await hub.stop()
                Issue.record("the hub listened on an address this computer does not have")
            } catch let error as AppError {
                #expect(error.exitStatus == .unavailable)
                #expect(error.description.contains("192.0.2.1 is not an address of this computer"), "\(error)")
                #expect(!error.description.contains("another catalog serve"), "\(error)")
            }
        }
    }
}
