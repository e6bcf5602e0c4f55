import CatalogCore
import CatalogTestSupport
import Foundation
import Testing

/// A command run in the test process (`InProcess`, how most CLI tests run) prints and exits exactly as
/// the binary does: the same stdout, stderr and status for answers, help, usage errors and failures.
@Suite struct InProcessParityTests {
    @Test func commandsRunInProcessSayWhatTheBinarySays() async throws {
        let shop = try await DemoShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let synced = try await shop.catalog("sync")
            #expect(synced.status == 0, "\(synced.all)")
            let runs: [[String]] = [
                ["search", "notebook"], ["search", "notebk", "--json"], ["search", "zzqqxxyy"],
                ["search", "05012345003628"], ["show", "05012345003627"], ["show", "05012345003627", "--json"],
                ["show", "NO-SUCH-CODE"], ["show", "05012345003628"], ["show", "--location", "Nowhere", "0501"],
                ["history", "--limit", "3"], ["outbox"], ["reorder", "list"], ["count", "list"],
                ["label", "templates"], ["label", "stale"], ["synonyms", "list"], ["scans"], ["sync", "--problems"],
                ["search"], ["show"], ["edit"], ["count", "post", "--no-such-flag"],
                ["reorder", "export", "--format", "xml"],
                ["--help"], ["search", "--help"], ["count", "--help"], ["--version"], ["no-such-command"],
            ]
            for arguments in runs {
                let inside = try await shop.catalog(arguments)
                let binary = try await CLI.launch(arguments, environment: shop.environment, folder: shop.folder)
                    .finish()
                let shown = arguments.joined(separator: " ")
                #expect(inside.status == binary.status, "\(shown): \(inside.all) / \(binary.all)")
                #expect(inside.stdout == binary.stdout, "\(shown)")
                #expect(inside.stderr == binary.stderr, "\(shown)")
            }
        }
    }
}
