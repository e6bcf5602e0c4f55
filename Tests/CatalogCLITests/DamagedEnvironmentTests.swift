import CatalogCore
import CatalogTestSupport
import Foundation
import GRDB
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Databases that cannot be written or are damaged, and a full disk.
@Suite struct DamagedEnvironmentTests {
    /// Runs `catalog` as a user that cannot write the database: `nobody` when the tests run as root
    /// (root writes any file), else this user.
    static func catalogWithoutWriteAccess(_ arguments: [String], shop: ReorderShop) async throws -> CLIResult {
        guard getuid() == 0 else {
            return try await CLI.run(arguments, environment: shop.environment, folder: shop.folder)
        }
        return try await CLI.run(
            ["--reuid=65534", "--regid=65534", "--clear-groups", CLI.binary] + arguments,
            environment: shop.environment, folder: shop.folder, binary: "/usr/bin/setpriv")
    }

    @Test func aReadOnlyDatabaseAnswersLookupsAndRefusesWritesPlainly() async throws {
        let shop = try await ReorderShop.start()
        try await cleaningUp({ await shop.stop() }) {
            try await shop.ok("sync")
            let expected = try await shop.ok("show", DemoCodes.small, "--json").stdout
            // A folder nobody else may write, holding a file nobody may write.
            let folder = URL(fileURLWithPath: shop.database).deletingLastPathComponent()
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
            try FileManager.default.setAttributes(
                [.posixPermissions: 0o777], ofItemAtPath: folder.appendingPathComponent("home").path)
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: shop.database)
            for file in try FileManager.default.contentsOfDirectory(atPath: folder.path)
            where file.hasPrefix("stdout-") || file.hasPrefix("stderr-") {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(file))
            }
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: shop.database) }

            let shown = try await Self.catalogWithoutWriteAccess(["show", DemoCodes.small, "--json"], shop: shop)
            #expect(shown.status == 0, "\(shown.all)")
            #expect(shown.stdout == expected)
            let searched = try await Self.catalogWithoutWriteAccess(["search", "cable", "ties"], shop: shop)
            #expect(searched.status == 0, "\(searched.all)")

            for arguments in [["reorder", "add", DemoCodes.small], ["sync"]] {
                let refused = try await Self.catalogWithoutWriteAccess(arguments, shop: shop)
                #expect(refused.status == 73, "\(arguments): \(refused.all)")
                #expect(refused.stderr.contains("read-only"), "\(refused.all)")
                #expect(refused.stderr.contains(shop.database), "\(refused.all)")
            }
            #expect(try await shop.jsonLines("reorder", "list", "--json").isEmpty)
        }
    }

    @Test func aDamagedDatabaseIsNamedWithWhatToDoAndSyncNeverReportsSuccess() async throws {
        let shop = try await ReorderShop.start()
        try await cleaningUp({ await shop.stop() }) {
            try await shop.ok("sync")
            // Every page after the first few is overwritten, as a failing disk or a bad copy would leave it.
            let handle = try FileHandle(forUpdating: URL(fileURLWithPath: shop.database))
            let size = try handle.seekToEnd()
            var random = SplitMix64(seed: 7)
            for offset in stride(from: UInt64(8 * 4096), to: size, by: 4096) {
                try handle.seek(toOffset: offset)
                handle.write(Data((0..<4096).map { _ in UInt8(truncatingIfNeeded: random.next()) }))
            }
            try handle.close()

            for arguments in [["sync"], ["reindex"], ["show", DemoCodes.small], ["search", "cable"]] {
                let result = try await CLI.run(arguments, environment: shop.environment, folder: shop.folder)
                #expect(result.status == 65, "\(arguments): \(result.all)")
                #expect(result.stderr.contains("is damaged"), "\(arguments): \(result.all)")
                #expect(result.stderr.contains("sync --full"), "\(arguments): \(result.all)")
            }
        }
    }

    @Test func aStoredObjectThatIsNoLongerJSONIsReportedAsDamage() async throws {
        let shop = try await ReorderShop.start()
        try await cleaningUp({ await shop.stop() }) {
            try await shop.ok("sync")
            let variationID = try await shop.variationID(DemoCodes.small)
            let queue = try DatabaseQueue(path: shop.database)
            try await queue.write { db in
                try db.execute(
                    sql: "UPDATE catalog_objects SET json = '{\"type\": \"ITEM_VARIATION\", bad' WHERE id = ?",
                    arguments: [variationID])
            }
            try await queue.close()
            // Square away: the edit is queued from the stored copy, which cannot be read.
            var offline = shop
            await offline.stopServer()
            let result = try await offline.catalog("edit", DemoCodes.small, "--price", "3.00")
            #expect(result.status == 65, "\(result.all)")
            #expect(result.stderr.contains("is damaged"), "\(result.all)")
            #expect(result.stderr.contains(variationID), "\(result.all)")
        }
    }

    /// A 512 KiB file system (tmpfs), mounted for the test: root only.
    @Test(.enabled(if: getuid() == 0)) func aFullDiskIsNamedWithTheFileAndTheFolder() async throws {
        let shop = try await ReorderShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let small = shop.folder.appendingPathComponent("small")
            try FileManager.default.createDirectory(at: small, withIntermediateDirectories: true)
            let mount = try await CLI.run(
                ["-t", "tmpfs", "-o", "size=512k", "tmpfs", small.path], folder: shop.folder, binary: "/bin/mount")
            try #require(mount.status == 0, "\(mount.all)")
            // Unmounted whatever happens; awaited, not left to a defer that cannot wait.
            var failure: (any Error)?
            do {
                let database = small.appendingPathComponent("catalog.sqlite").path
                let synced = try await shop.catalog("sync", environment: ["CATALOG_DB": database])
                #expect(synced.status == 73, "\(synced.all)")
                #expect(synced.stderr.contains("is full"), "\(synced.all)")
                #expect(synced.stderr.contains(database) && synced.stderr.contains(small.path), "\(synced.all)")

                // An export to the full disk says the same, and leaves no half file.
                try await shop.ok("sync")
                try await shop.ok("reorder", "add", DemoCodes.small, "--qty", "2")
                let filler = small.appendingPathComponent("filler")
                _ = try? Data(count: 2 << 20).write(to: filler)
                let export = small.appendingPathComponent("order.pdf").path
                let exported = try await shop.catalog("reorder", "export", "--format", "pdf", "--output", export)
                #expect(exported.status == 73, "\(exported.all)")
                #expect(exported.stderr.contains("is full") && exported.stderr.contains(small.path), "\(exported.all)")
                #expect(!FileManager.default.fileExists(atPath: export))
            } catch {
                failure = error
            }
            _ = try? await ChildProcess.run("/bin/umount", [small.path])
            if let failure { throw failure }
        }
    }
}
