import CatalogCore
import CatalogTestSupport
import Foundation
import Testing

/// `catalog prices plan|plans|cancel|apply` as a person at a shell uses them.
@Suite struct PricesCommandTests {
    @Test func aPlanIsStagedListedShownAndCancelled() async throws {
        let shop = try await DemoShop.start()
        try await cleaningUp({ await shop.stop() }) {
            #expect(try await shop.catalog("sync").status == 0)
            let file = shop.folder.appendingPathComponent("winter.csv")
            try Data("EAN;Preis\n05012345003627;5,55\n05012345003634;6,66\n".utf8).write(to: file)
            let high = ["--location", "High Street"]

            let staged = try await shop.catalog(
                ["prices", "plan", "--at", "2099-01-04 08:00", "--file", file.path, "--name", "Winter"] + high)
            #expect(staged.status == 0, "\(staged.all)")
            #expect(
                staged.stdout.contains("Staged: #1  STAGED  2099-01-04 08:00  Winter  2 prices, at High Street"),
                "\(staged.stdout)")
            let listed = try await shop.catalog("prices", "plans")
            #expect(listed.stdout.contains("#1  STAGED  2099-01-04 08:00  Winter"), "\(listed.all)")
            let shown = try await shop.catalog("prices", "plans", "--show", "1")
            #expect(shown.stdout.contains("line 2") && shown.stdout.contains("→ 5.55 GBP"), "\(shown.stdout)")
            let json = try JSONValue.parse(try await shop.catalog("prices", "plans", "--show", "1", "--json").stdout)
            #expect(json["effective_at"] == "2099-01-04T08:00:00Z" && json["prices"]?.arrayValue?.count == 2)
            #expect(try await shop.catalog("prices", "apply").stderr.contains("No plan is due."))

            // A time gone by, or a file with a bad line, stages nothing.
            let past = try await shop.catalog(
                ["prices", "plan", "--at", "2020-01-01 08:00", "--file", file.path] + high)
            #expect(past.status == 65 && past.stderr.contains("has passed"), "\(past.all)")
            let bad = shop.folder.appendingPathComponent("bad.csv")
            try Data("EAN;Preis\n05012345003627;5,55\nNOT-A-CODE;1\n".utf8).write(to: bad)
            let refused = try await shop.catalog(["prices", "plan", "--at", "2099-01-04 08:00", "--file", bad.path])
            #expect(refused.status == 65 && refused.stderr.contains("line 3: NOT-A-CODE"), "\(refused.all)")
            #expect(refused.stderr.contains("nothing was staged"))

            let cancelled = try await shop.catalog("prices", "cancel", "1")
            #expect(
                cancelled.status == 0 && cancelled.stdout.contains("Plan 1 (Winter) is cancelled"), "\(cancelled.all)")
            let again = try await shop.catalog("prices", "cancel", "1")
            #expect(again.status == 65 && again.stderr.contains("cancelled already"), "\(again.all)")
            let missing = try await shop.catalog("prices", "cancel", "9")
            #expect(missing.status != 0 && missing.stderr.contains("There is no plan 9"), "\(missing.all)")
            // What stays staged is the demo shop's Spring Sale ending: a plan of tags that follows Square's sale.
            let sales = try await shop.catalog("prices", "plans")
            #expect(
                sales.stdout.contains("Spring Sale ends") && sales.stdout.contains("tags, at High Street (Square sale)")
                    && !sales.stdout.contains("Winter"), "\(sales.all)")
            let saleJSON = try JSONValue.parse(try await shop.catalog("prices", "plans", "--json").stdout)
            let sale = try #require(saleJSON.arrayValue?.first)
            #expect(sale["kind"] == "sale_ends" && sale["rule_id"]?.stringValue != nil, "\(saleJSON)")
            let saleID = try #require(sale["id"]?.int64Value)
            let kept = try await shop.catalog("prices", "cancel", String(saleID))
            #expect(kept.status == 65 && kept.stderr.contains("follows Square's sale"), "\(kept.all)")
            #expect(try await shop.catalog("prices", "plans", "--all").stdout.contains("#1  CANCELLED"))
        }
    }

    /// `label render --plan`: the plan's tags at its new prices, in the order the shelves are walked (A2 before
    /// A10), those without a shelf last; the same for `print`, whose tags are stale until the plan applies.
    @Test func aPlansTagsAreRenderedInShelfOrderWithTheNewPrices() async throws {
        let shop = try await DemoShop.start()
        try await cleaningUp({ await shop.stop() }) {
            #expect(try await shop.catalog("sync").status == 0)
            let high = ["--location", "High Street"]
            #expect(try await shop.catalog(["shelf", "set", "05012345003627", "A10-1"] + high).status == 0)
            #expect(try await shop.catalog(["shelf", "set", "05012345003641", "A2"] + high).status == 0)
            let file = shop.folder.appendingPathComponent("monday.csv")
            try Data(
                "EAN,Price\n05012345003627,5.55\n05012345003634,6.66\n05012345003641,7.77\n".utf8
            ).write(to: file)
            let staged = try await shop.catalog(["prices", "plan", "--at", "2099-01-04 08:00", "--file", file.path])
            #expect(staged.status == 0, "\(staged.all)")
            let pdf = shop.folder.appendingPathComponent("monday.pdf").path
            let rendered = try await shop.catalog(
                ["label", "render", "--plan", "1", "--template", "shelf-2x1", "--output", pdf] + high)
            #expect(rendered.status == 0 && rendered.stdout.contains("6 labels"), "3 tags, 3 headings: \(rendered.all)")
            let text = try await CLI.run([pdf, "-"], folder: shop.folder, binary: "/usr/bin/pdftotext").stdout
            let order = ["Aisle A2", "7.77", "Aisle A10", "5.55", "No shelf", "6.66"].map {
                text.range(of: $0)?.lowerBound
            }
            #expect(order.allSatisfy { $0 != nil }, "\(text)")
            #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted(), "A2, A10-1, then no shelf: \(text)")
            #expect(text.contains("1 tag"), "each heading says how many tags follow: \(text)")
            #expect(text.contains("2099-01-04"), "dated for the plan's day: \(text)")
            let mixed = try await shop.catalog(["label", "render", "--plan", "1", "05012345003627", "--output", pdf])
            #expect(mixed.status == 64, "\(mixed.all)")
        }
    }
}
