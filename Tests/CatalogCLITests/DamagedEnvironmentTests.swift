import CatalogCore
import Foundation
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
        defer { Task { [shop] in await shop.stop() } }
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
