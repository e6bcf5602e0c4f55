import CatalogCore
import CatalogTestSupport
import Foundation
import PrintingTestSupport
import Testing

/// The print queue and printer routes through a private cupsd with three raw queues: what each printer
/// received, and what the queue says of each job.
struct LabelQueueTests {
    /// The queue as `catalog label queue --all --json` lists it, newest first.
    static func queue(_ shop: DemoShop) async throws -> [JSONValue] {
        try JSONValue.parse(try await shop.catalog("label", "queue", "--all", "--json").stdout).arrayValue ?? []
    }

    @Test(.requires(.cupsd, .cupsClient)) func routesChooseThePrinterAndAFailedJobIsRetriedOnAnother() async throws {
        let shop = try await DemoShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let cups = try await PrivateCUPS.start()
            try await cleaningUp({ await cups.stop() }) {
                let front = try await cups.addRawSocketQueue(name: "front")
                let office = try await cups.addRawSocketQueue(name: "office")
                let back = try await cups.addRawSocketQueue(name: "back")
                _ = try await shop.catalog("sync")
                let code = try await LabelPrintTests.someVariation(shop)["variation_id"]!.stringValue!
                let env = cups.environment

                // A route to a printer CUPS does not have is refused at once.
                let wrong = try await shop.catalog(
                    "printers", "route", "nosuch", "--template", "shelf-2x1", environment: env)
                #expect(wrong.status == 64, "\(wrong.all)")
                #expect(
                    try await shop.catalog("printers", "route", "front", "--template", "shelf-2x1", environment: env)
                        .status == 0)
                #expect(
                    try await shop.catalog("printers", "route", "back", "--counter", "stockroom", environment: env)
                        .status == 0)
                let routes = try await shop.catalog("printers", "routes")
                #expect(routes.stdout.contains("of template shelf-2x1 → front"), "\(routes.all)")

                // The template's route; the counter's route for another template; the template's beats the counter's.
                let byTemplate = try await shop.catalog(
                    "label", "print", code, "--template", "shelf-2x1", "--wait", environment: env)
                #expect(byTemplate.status == 0, "\(byTemplate.all)")
                #expect(await front.waitForJobs(count: 1).count == 1)
                let stockroom = env.merging(["CATALOG_COUNTER": "stockroom"]) { $1 }
                let byCounter = try await shop.catalog(
                    "label", "print", code, "--template", "brother-62x29", "--wait", environment: stockroom)
                #expect(byCounter.status == 0, "\(byCounter.all)")
                #expect(await back.waitForJobs(count: 1).count == 1)
                _ = try await shop.catalog(
                    "label", "print", code, "--template", "shelf-2x1", "--wait", environment: stockroom)
                #expect(await front.waitForJobs(count: 2).count == 2)
                #expect(back.jobs.count == 1)
                let routed = try await Self.queue(shop)
                #expect(routed.map { $0["printer"] } == ["front", "back", "front"])
                #expect(routed.allSatisfy { $0["route"] == "route" && $0["state"] == "completed" })

                // The front printer refuses jobs: the job is kept, failed, and says how to send it again.
                try await cups.rejectJobs(name: "front", reason: "Lid open")
                let refused = try await shop.catalog(
                    "label", "print", code, "--template", "shelf-2x1", environment: env)
                #expect(refused.status == 69, "\(refused.all)")
                #expect(refused.stderr.contains("catalog label retry"), "\(refused.all)")
                let failed = try #require(try await Self.queue(shop).first)
                #expect(failed["state"] == "failed")
                #expect(failed["reason"]?.stringValue?.contains("not taking jobs") == true, "\(failed)")
                let id = try #require(failed["id"]?.int64Value)
                let open = try await shop.catalog("label", "queue")
                #expect(open.stdout.contains("#\(id)  FAILED"), "\(open.all)")

                let retried = try await shop.catalog(
                    "label", "retry", "\(id)", "--printer", "office", "--wait", "--json", environment: env)
                #expect(retried.status == 0, "\(retried.all)")
                let office1 = await office.waitForJobs(count: 1)
                #expect(office1.count == 1)
                #expect(office1.first == front.jobs.first, "the retry prints the same tag")
                let done = try #require(try await Self.queue(shop).first)
                #expect(done["id"]?.int64Value == id && done["state"] == "completed" && done["printer"] == "office")
                #expect(done["attempts"] == .int(2))
                // Printed: the tag is not stale, and a completed job is neither retried nor cancelled.
                #expect(try await shop.catalog("label", "stale", "--json").stdout.isEmpty)
                #expect(try await shop.catalog("label", "retry", "\(id)", environment: env).status == 65)
                #expect(try await shop.catalog("label", "cancel", "\(id)", environment: env).status == 65)
                #expect(try await shop.catalog("label", "retry", "999", environment: env).status == 1)
                #expect(try await shop.catalog("label", "retry", "twelve", environment: env).status == 64)

                // The back printer is stopped (out of labels): the job waits there, and is moved to the office
                // printer, cancelled at the back one so it never prints twice.
                try await cups.stopQueue(name: "back", reason: "Out of labels")
                let waiting = try await shop.catalog(
                    "label", "print", code, "--printer", "back", "--wait", environment: env)
                #expect(waiting.status == 69, "\(waiting.all)")
                let stuck = try #require(try await Self.queue(shop).first)
                #expect(stuck["state"] == "printing", "\(stuck)")
                #expect(stuck["reason"]?.stringValue?.contains("Out of labels") == true, "\(stuck)")
                let moved = try await shop.catalog(
                    "label", "retry", "\(stuck["id"]!.int64Value!)", "--printer", "office", "--wait", environment: env)
                #expect(moved.status == 0, "\(moved.all)")
                #expect(await office.waitForJobs(count: 2).count == 2)
                let lpstat = try await CLI.run(
                    ["-h", cups.server, "-o", "back"], folder: shop.folder, binary: "/usr/bin/lpstat")
                #expect(lpstat.stdout.isEmpty, "the job at the stopped printer was cancelled: \(lpstat.all)")

                // A job taken back before it printed is cancelled at CUPS too.
                let held = try await shop.catalog("label", "print", code, "--printer", "back", environment: env)
                #expect(held.status == 0, "\(held.all)")
                let heldID = try #require(try await Self.queue(shop).first?["id"]?.int64Value)
                let cancelled = try await shop.catalog("label", "cancel", "\(heldID)", "--json", environment: env)
                #expect(try JSONValue.parse(cancelled.stdout)["state"] == "cancelled", "\(cancelled.all)")
                #expect(
                    try await CLI.run(
                        ["-h", cups.server, "-o", "back"], folder: shop.folder, binary: "/usr/bin/lpstat"
                    )
                    .stdout.isEmpty)
            }
        }
    }
}
