import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Testing

@testable import Hub

/// The hub's own CA and server certificate: made once, kept private, the server certificate made again
/// only when it nears its end, the machine's names or addresses change, or the CA is not the one that signed
/// it; a clock set before the CA was made, or a CA that cannot be read, stops the hub with words to act on.
@Suite struct HubCertificatesTests {
    static let shop = MachineNames(hostName: "backoffice", addresses: ["192.168.1.20", "fd00::20"])
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-tls-\(UUID().uuidString)")
        return folder.appendingPathComponent("hub-tls")
    }

    func mode(_ url: URL) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func theCAIsMadeOnceAndKeptPrivate() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let first = try HubCertificates.prepare(folder: folder, names: Self.shop, now: Self.start)
        #expect(first.renewed)
        #expect(first.caSHA256.count == 64 && first.caSHA256.allSatisfy { "0123456789abcdef".contains($0) })
        #expect(try mode(folder) & 0o777 == 0o700)
        for name in ["ca.pem", "ca-key.pem", "server.pem", "server-key.pem"] {
            #expect(try mode(folder.appendingPathComponent(name)) & 0o777 == 0o600, "\(name)")
        }
        let again = try HubCertificates.prepare(folder: folder, names: Self.shop, now: Self.start + 86_400)
        #expect(!again.renewed)
        #expect(again.caSHA256 == first.caSHA256)
        #expect(again.serverPEM == first.serverPEM)
        #expect(abs(first.serverExpires.timeIntervalSince(Self.start) - 365 * 86_400) < 7200)
    }

    @Test func theServerCertificateIsRenewedNearItsEndAndWhenTheNamesChange() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let first = try HubCertificates.prepare(folder: folder, names: Self.shop, now: Self.start)
        // 340 days on: 25 days left, under the 30 kept in hand.
        let late = try HubCertificates.prepare(folder: folder, names: Self.shop, now: Self.start + 340 * 86_400)
        #expect(late.renewed)
        #expect(late.caSHA256 == first.caSHA256)
        #expect(late.serverExpires > first.serverExpires)
        // A day later the renewed one has a year left: kept.
        let kept = try HubCertificates.prepare(folder: folder, names: Self.shop, now: Self.start + 341 * 86_400)
        #expect(!kept.renewed)
        // The shop's router gave the hub another address.
        var moved = Self.shop
        moved.addresses = ["192.168.1.31"]
        let renamed = try HubCertificates.prepare(folder: folder, names: moved, now: Self.start + 342 * 86_400)
        #expect(renamed.renewed)
        #expect(renamed.caSHA256 == first.caSHA256)
    }

    @Test func aNewCAMeansANewServerCertificate() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let first = try HubCertificates.prepare(folder: folder, names: Self.shop, now: Self.start)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("ca.pem"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("ca-key.pem"))
        let second = try HubCertificates.prepare(folder: folder, names: Self.shop, now: Self.start + 60)
        #expect(second.renewed)
        #expect(second.caSHA256 != first.caSHA256)
    }

    @Test func aClockBeforeTheCAWasMadeIsSaid() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        _ = try HubCertificates.prepare(folder: folder, names: Self.shop, now: Self.start)
        let error = #expect(throws: AppError.self) {
            try HubCertificates.prepare(folder: folder, names: Self.shop, now: Self.start - 30 * 86_400)
        }
        #expect(error?.description.contains("clock is far off") == true)
        #expect(error?.exitStatus == .configuration)
    }

    @Test func aCAThatCannotBeReadIsNamedWithWhatToDo() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        _ = try HubCertificates.prepare(folder: folder, names: Self.shop, now: Self.start)
        try Data("not a key".utf8).write(to: folder.appendingPathComponent("ca-key.pem"))
        let error = #expect(throws: AppError.self) {
            try HubCertificates.prepare(folder: folder, names: Self.shop, now: Self.start)
        }
        #expect(error?.description.contains("cannot be read") == true)
        #expect(error?.description.contains("pairs again") == true)
    }

    /// While the hub runs, a check renews a server certificate that needs it (here: one deleted) and new
    /// handshakes get the new one.
    @Test func aRunningHubRenewsItsCertificateForNewConnections() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let served = try ServedTLS.make(.own(folder: folder), listening: "127.0.0.1", checkEvery: .milliseconds(50))
        let serial = { () -> [UInt8]? in
            guard case .certificate(let first)? = served.current?.value.withLock({ $0.certificateChain?.first }) else {
                return nil
            }
            return try? first.toDERBytes()
        }
        let before = try #require(serial())
        try FileManager.default.removeItem(at: folder.appendingPathComponent("server.pem"))
        let deadline = Date() + 10
        while serial() == before, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(serial() != before)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("server.pem").path))
    }

    /// A counter whose clock is hours behind the hub's: the hub's CA was made "later" than the counter's now,
    /// so the handshake fails; the counter says its clock is off, not that the hub is another.
    @Test func aCounterWhoseClockIsBehindTheHubsCAIsToldSo() async throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-clock-\(UUID())")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        try await cleaningUp({ try? FileManager.default.removeItem(at: base) }) {
            let database = base.appendingPathComponent("hub.sqlite").path
            let folder = HubCertificates.folder(databasePath: database)
            let made = try HubCertificates.prepare(
                folder: folder, names: MachineNames.current(), now: Date() + 12 * 3600)
            let settings = try Settings.resolve(
                SettingsOverrides(database: database), environment: ["HOME": base.path])
            let hub = try await HubServer.start(
                HubConfiguration(host: "127.0.0.1", port: 0, syncOnStart: false, tls: .own(folder: folder)),
                context: AppContext(settings: settings, environment: [:]))
            try await cleaningUp({ await hub.stop() }) {
                #expect(hub.trust.caSHA256 == made.caSHA256)
                let error = await #expect(throws: AppError.self) {
                    try await HubClient(hub: hub.baseURL, trust: made.caPEM).pair(code: "ABCD-EFGH", name: "Till 9")
                }
                #expect(error?.description.contains("the clock is far off") == true, "\(String(describing: error))")
            }
        }
    }

    @Test func thePairingAddressCarriesTheCodeAndTheFingerprint() throws {
        let trust = HubTrust(url: "https://192.168.1.20:8443", caPEM: nil, caSHA256: String(repeating: "ab", count: 32))
        let url = trust.pairingURL(code: "ABCD-EFGH")
        #expect(url == "https://192.168.1.20:8443/pair?code=ABCD-EFGH#ca=" + String(repeating: "ab", count: 32))
        let read = try #require(HubLink.pairingAddress(url))
        #expect(read.hub.absoluteString == "https://192.168.1.20:8443")
        #expect(read.code == "ABCD-EFGH")
        #expect(read.caSHA256 == String(repeating: "ab", count: 32))
        #expect(HubLink.pairingAddress("https://192.168.1.20:8443") == nil)
        #expect(PairingQR.terminal(url)?.count ?? 0 > 10)
    }
}
