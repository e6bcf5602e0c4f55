import CatalogCore
import CatalogTestSupport
import Foundation
import PrintingTestSupport
import Testing

/// `catalog audit` on the demo shop with a private cupsd: a wrong tag is found and its reprint reaches the
/// printer, a right one is OK, and an item the shelf should hold that nobody scanned is listed missing.
struct AuditCommandTests {
    @Test(.requires(.cupsd, .cupsClient)) func anAuditFindsAStaleTagAndAMissingItem() async throws {
        let shop = try await DemoShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let cups = try await PrivateCUPS.start()
            try await cleaningUp({ await cups.stop() }) {
                let tags = try await cups.addRawSocketQueue(name: "tags")
                try await cups.setDefault(name: "tags")
                let env = cups.environment.merging(["CATALOG_LOCATION": "High Street"]) { $1 }
                _ = try await shop.catalog("sync")
                let (right, wrong, gone) = ("05012345003627", "05012345003634", "0012345678905")
                for (code, place) in [(right, "A3-1"), (wrong, "A3-2"), (gone, "A3-3")] {
                    let set = try await shop.catalog(["shelf", "set", code, place], environment: env)
                    #expect(set.status == 0, "\(set.all)")
                }
                for code in [right, wrong] {
                    let printed = try await shop.catalog(["label", "print", code, "--wait"], environment: env)
                    #expect(printed.status == 0, "\(printed.all)")
                }
                #expect(await tags.waitForJobs(count: 2).count == 2)

                // The price of one changes in Square: its tag on the shelf is wrong now.
                let edited = try await shop.catalog(["edit", wrong, "--price", "9.87"], environment: env)
                #expect(edited.status == 0, "\(edited.all)")

                let started = try await shop.catalog(["audit", "start", "--shelf", "a3"], environment: env)
                #expect(started.status == 0, "\(started.all)")
                #expect(started.stdout.contains("3 items should be there"), "\(started.all)")
                let ok = try await shop.catalog(["audit", "check", right], environment: env)
                #expect(ok.status == 0 && ok.stdout.hasPrefix("TAG OK"), "\(ok.all)")
                let stale = try await shop.catalog(["audit", "check", wrong, "--json"], environment: env)
                #expect(stale.status == 1, "\(stale.all)")
                let found = try JSONValue.parse(stale.stdout)
                #expect(found["verdict"] == "stale", "\(found)")
                #expect(
                    found["detail"]?.stringValue?.contains("The tag shows £5.39, the price is £9.87") == true,
                    "\(found) \(stale.all)")
                // The reprint reached the printer, with the new price.
                let reprint = await tags.waitForJobs(count: 3)
                #expect(reprint.count == 3)
                #expect(reprint.last.map { String(decoding: $0, as: UTF8.self).contains("9.87") } == true)
                #expect(try await shop.catalog(["label", "stale", "--json"], environment: env).stdout.isEmpty)

                let finished = try await shop.catalog(["audit", "finish", "--json"], environment: env)
                #expect(finished.status == 0, "\(finished.all)")
                let report = try JSONValue.parse(finished.stdout)
                #expect(report["status"] == "finished" && report["checked"] == .int(2))
                let missing = report["missing"]?.arrayValue ?? []
                #expect(missing.count == 1 && missing.first?["shelf"] == "A3-3", "\(report)")
                // A finished audit is not finished again, and checking needs an open one.
                #expect(try await shop.catalog(["audit", "finish"], environment: env).status == 1)
                #expect(try await shop.catalog(["audit", "check", right], environment: env).status == 1)
            }
        }
    }
}
