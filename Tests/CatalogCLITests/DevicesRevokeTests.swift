import CatalogApp
import CatalogCore
import CommandSupport
import Foundation
import Store
import Testing

@testable import CatalogCLI

/// `catalog devices revoke` revokes one device: by id, or by a name only one active device has; and
/// `serve --demo`'s folder is a new private one.
@Suite struct DevicesRevokeTests {
    /// A hub database with devices paired under `names`, in order (ids 1, 2, …).
    static func hub(_ names: [String], in folder: URL) async throws -> CatalogDatabase {
        let database = try CatalogDatabase(path: folder.appendingPathComponent("hub.sqlite").path)
        let now = database.clock.now()
        for (index, name) in names.enumerated() {
            try await database.addPairingCode(
                digest: "code-\(index)", madeAt: now, expiresAt: Timestamp(seconds: now.seconds + 600))
            _ = try await database.pairDevice(
                codeDigest: "code-\(index)", name: name, tokenDigest: "token-\(index)", csrfToken: "csrf-\(index)",
                from: "192.168.1.\(20 + index)", now: now)
        }
        return database
    }

    @Test func aNameSeveralDevicesHaveRevokesNoneAndListsThem() async throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try await Self.hub(["Counter screen", "Till 2", "counter screen", "3"], in: folder)
        let db = ["--db", folder.appendingPathComponent("hub.sqlite").path]

        let several = try await CLI.run(["devices", "revoke", "Counter Screen"] + db, folder: folder)
        #expect(several.status == 64, "\(several.all)")
        #expect(several.stderr.contains("2 devices are named “Counter Screen”"), "\(several.all)")
        let paired = try await database.devices().map(\.pairedAt)
        #expect(several.stderr.contains("1 (paired \(paired[0]))") && several.stderr.contains("3 (paired"))
        #expect(several.stderr.contains("Revoke one by its id"), "\(several.all)")
        #expect(try await database.devices().count == 4, "nothing was revoked")

        // An id names one device, even when another device is named like it.
        let byID = try await CLI.run(["devices", "revoke", "3", "--json"] + db, folder: folder)
        #expect(byID.status == 0, "\(byID.all)")
        #expect(try await database.devices().map(\.name) == ["Counter screen", "Till 2", "3"])
        // Now one active device has the name: the name revokes it.
        let byName = try await CLI.run(["devices", "revoke", "counter screen"] + db, folder: folder)
        #expect(byName.status == 0, "\(byName.all)")
        #expect(byName.stdout.contains("Revoked 1  Counter screen"), "\(byName.all)")
        #expect(try await database.devices().map(\.name) == ["Till 2", "3"])

        let none = try await CLI.run(["devices", "revoke", "Nobody"] + db, folder: folder)
        #expect(none.status == 1, "\(none.all)")
    }

    /// The demo's folder is new each time, opened by this user only, and never one already there.
    @Test func theDemoFolderIsNewAndPrivate() throws {
        let parent = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: parent) }
        let first = try PrivateFolder.make("catalog-hub", in: parent)
        let second = try PrivateFolder.make("catalog-hub", in: parent)
        #expect(first != second)
        #expect(first.lastPathComponent.hasPrefix("catalog-hub-"))
        for folder in [first, second] {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        }
        let nowhere = parent.appendingPathComponent("no-such-folder")
        #expect(throws: AppError.self) { try PrivateFolder.make("catalog-hub", in: nowhere) }
    }
}
