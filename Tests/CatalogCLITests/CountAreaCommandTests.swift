import CatalogCore
import CatalogTestSupport
import Foundation
import Testing

/// `catalog count areas | area counted | area done | recount` and `count start --shelf --code --blind`, as a
/// person at a shell uses them.
@Suite struct CountAreaCommandTests {
    @Test func areasAreListedMarkedAndSentBackFromTheShell() async throws {
        let shop = try await DemoShop.start()
        try await cleaningUp({ await shop.stop() }) {
            #expect(try await shop.catalog("sync").status == 0)
            let place = ["CATALOG_LOCATION": "High Street"]
            for (code, shelf) in [("05012345003627", "A1-1"), ("05012345003634", "A1-2")] {
                let set = try await shop.catalog(["shelf", "set", code, shelf], environment: place)
                #expect(set.status == 0, "\(set.all)")
            }
            let nowhere = try await shop.catalog(["count", "start", "--shelf", "Q7"], environment: place)
            #expect(nowhere.status == 65 && nowhere.stderr.contains("starting with “Q7”"), "\(nowhere.all)")
            let both = try await shop.catalog(["count", "start", "--all", "--shelf", "A1"], environment: place)
            #expect(both.status == 64, "\(both.all)")

            let started = try await shop.catalog(
                ["count", "start", "--shelf", "A1", "--code", "05012345003641", "--blind", "--name", "Ties"],
                environment: place)
            #expect(started.status == 0, "\(started.all)")
            #expect(started.stdout.contains("Count 1 is open (blind): Ties"), "\(started.stdout)")
            #expect(started.stdout.contains("Shelves A1: 2 items") && started.stdout.contains("1 listed item: 1 items"))

            // Blind: whoever counts sees nothing of what Square expects.
            let added = try await shop.catalog(
                ["count", "add", "05012345003627", "--qty", "4", "--json"], environment: place)
            let line = try JSONValue.parse(added.stdout)
            #expect(line["counted"] == 4 && line["expected"] == .null && line["area_id"] == 1, "\(added.stdout)")
            let shown = try await shop.catalog(["count", "show"], environment: place)
            #expect(!shown.stdout.contains("Square expected"), "\(shown.stdout)")

            let counted = try await shop.catalog(["count", "area", "counted", "a1"], environment: place)
            #expect(counted.status == 0 && counted.stdout.contains("Shelves A1 is counted."), "\(counted.all)")
            let again = try await shop.catalog(["count", "area", "counted", "A1"], environment: place)
            #expect(again.status == 65 && again.stderr.contains("Shelves A1 is counted already."), "\(again.all)")
            let unknown = try await shop.catalog(["count", "area", "done", "B9"], environment: place)
            #expect(
                unknown.status != 0 && unknown.stderr.contains("Its areas are: Shelves A1; 1 listed item"),
                "\(unknown.all)")

            let done = try await shop.catalog(["count", "area", "done", "A1", "--json"], environment: place)
            let zeros = try JSONValue.parse(done.stdout)
            #expect(zeros["status"] == "done", "\(done.all)")
            let proposed = zeros["proposed_zeros"]?.arrayValue ?? []
            #expect(proposed.count == 1 && proposed.first?["gtin"]?.stringValue?.hasSuffix("3634") == true, "\(zeros)")

            let sent = try await shop.catalog(["count", "recount", "A1"], environment: place)
            #expect(sent.status == 0 && sent.stdout.contains("round 2"), "\(sent.all)")
            let areas = try JSONValue.parse(
                try await shop.catalog(["count", "areas", "--json"], environment: place).stdout)
            #expect(areas[0]?["status"] == "recount" && areas[0]?["counted"] == 0 && areas[0]?["size"] == 2)
            let post = try await shop.catalog(["count", "post"], environment: place)
            #expect(post.status == 65 && post.stderr.contains("sent back for a recount: Shelves A1"), "\(post.all)")

            _ = try await shop.catalog(["count", "add", "05012345003627", "--qty", "5"], environment: place)
            _ = try await shop.catalog(["count", "area", "counted", "A1"], environment: place)
            let review = try await shop.catalog(["count", "review"], environment: place)
            #expect(review.stdout.contains("(recounted; before: 4)  [Shelves A1]"), "\(review.stdout)")
            let over = try await shop.catalog(["count", "recount", "--over", "0"], environment: place)
            #expect(over.status == 0 && over.stdout.contains("sent back as Recount 1"), "\(over.all)")
            let listed = try await shop.catalog(["count", "areas"], environment: place)
            #expect(listed.stdout.contains("Recount 1  SENT BACK FOR A RECOUNT, round 2"), "\(listed.stdout)")
        }
    }
}
