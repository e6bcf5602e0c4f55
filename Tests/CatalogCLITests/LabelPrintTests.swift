import CatalogCore
import CatalogTestSupport
import Foundation
import PrintingTestSupport
import Sandbox
import SquareAPI
import Testing

/// `catalog label print` through a private cupsd: what the printers received, and whether it scans. A test
/// that needs CUPS, the DYMO driver or zbar fails without it in CI and is skipped elsewhere (`RequiredTool`);
/// the one that needs no cupsd (none running, or something else answering) always runs.
struct LabelPrintTests {
    /// A demo-shop variation with an EAN-13 barcode (13 digits, not starting with 0).
    static func someVariation(_ shop: DemoShop) async throws -> JSONValue {
        let found = try JSONValue.parse(try await shop.catalog("search", "notebook", "--json").stdout).arrayValue ?? []
        return try #require(found.first { ($0["gtin"]?.stringValue ?? "").hasPrefix("05") })
    }

    /// What `zbarimg` reads in a picture, one `TYPE:data` per line.
    static func scan(_ file: URL) async throws -> [String] {
        let result = try await CLI.run(
            ["--nodbus", "-q", file.path], folder: file.deletingLastPathComponent(), binary: "/usr/bin/zbarimg")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test(.requires(.cupsd, .cupsClient, .zbarimg)) func aZebraQueueGetsALabelWhoseBarcodeScans() async throws {
        let shop = try await DemoShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let cups = try await PrivateCUPS.start()
            try await cleaningUp({ await cups.stop() }) {
                try await cups.addZebraQueue(name: "zebra")
                _ = try await shop.catalog("sync")
                let variation = try await Self.someVariation(shop)
                let gtin = variation["gtin"]!.stringValue!
                let ean = String(gtin.dropFirst())

                let printed = try await shop.catalog(
                    "label", "print", gtin, "--template", "shelf-2x1", "--printer", "zebra", "--wait", "--json",
                    environment: cups.environment)
                #expect(printed.status == 0, "\(printed.all)\n\(cups.log().suffix(2000))")
                let result = try JSONValue.parse(printed.stdout)
                #expect(result["state"] == "completed")
                #expect(result["format"] == "pdf")

                let output = cups.deviceOutput("zebra")
                #expect(String(decoding: output, as: UTF8.self).contains("^XA"))
                let pictures = try await ZebraOutput.decode(output, into: shop.folder.appendingPathComponent("zebra"))
                let picture = try #require(pictures.first)
                #expect(try await Self.scan(picture.file).contains("EAN-13:\(ean)"))

                // The print log remembers it, so the tag is not stale until the price changes.
                #expect(try await shop.catalog("label", "stale", "--json").stdout.isEmpty)
            }
        }
    }

    @Test(.requires(.cupsd, .cupsClient)) func aRawQueueGetsNativeZPLAndStaleTagsAreReprinted() async throws {
        let shop = try await DemoShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let cups = try await PrivateCUPS.start()
            try await cleaningUp({ await cups.stop() }) {
                let listener = try await cups.addRawSocketQueue(name: "rawzebra")
                _ = try await shop.catalog("sync")
                let variation = try await Self.someVariation(shop)
                let id = variation["variation_id"]!.stringValue!

                let printed = try await shop.catalog(
                    "label", "print", id, "--template", "shelf-2x1", "--printer", "rawzebra", "--wait",
                    environment: cups.environment)
                #expect(printed.status == 0, "\(printed.all)")
                #expect(printed.stdout.contains("as ZPL"))
                let jobs = await listener.waitForJobs(count: 1)
                let rendered = try await shop.catalog(
                    "label", "render", id, "--template", "shelf-2x1", "--output",
                    shop.folder.appendingPathComponent("tag.zpl").path)
                #expect(rendered.status == 0)
                let expected = try Data(contentsOf: shop.folder.appendingPathComponent("tag.zpl"))
                #expect(jobs.first.map { Data($0) } == expected)

                // The price changes in Square; after a sync the tag is stale, and --stale reprints exactly it.
                let current = try await shop.client.retrieveCatalogObject(id: id).object
                var repriced = current
                let amount = current["item_variation_data"]?["price_money"]?["amount"]?.int64Value ?? 100
                repriced["item_variation_data"]?["price_money"]?["amount"] = .int(amount + 111)
                _ = try await shop.client.upsertCatalogObject(repriced)
                _ = try await shop.catalog("sync")
                let stale = try await shop.catalog("label", "stale", "--json")
                let lines = stale.stdout.split(separator: "\n").map { try? JSONValue.parse(String($0)) }
                #expect(lines.count == 1)
                #expect(lines.first??["variation_id"]?.stringValue == id)
                #expect(lines.first??["current"]?["price"]?["amount"] == .int(amount + 111))
                // The tag was printed with the base price (no location chosen): another location has none.
                let elsewhere = try await shop.catalog("label", "stale", "--json", "--location", "High Street")
                #expect(elsewhere.status == 0 && elsewhere.stdout.isEmpty, "\(elsewhere.all)")

                let reprinted = try await shop.catalog(
                    "label", "print", "--stale", "--template", "shelf-2x1", "--printer", "rawzebra", "--wait",
                    environment: cups.environment)
                #expect(reprinted.status == 0, "\(reprinted.all)")
                #expect(reprinted.stdout.contains("1 label"))
                #expect(await listener.waitForJobs(count: 2).count == 2)
                #expect(try await shop.catalog("label", "stale", "--json").stdout.isEmpty)
            }
        }
    }

    @Test(.requires(.cupsd, .cupsClient, .dymoDriver, .zbarimg))
    func stoppedAndUnknownPrintersAreExplained() async throws {
        let shop = try await DemoShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let cups = try await PrivateCUPS.start()
            try await cleaningUp({ await cups.stop() }) {
                try await cups.addZebraQueue(name: "zebra")
                try await cups.addDymoQueue(name: "dymo")
                _ = try await shop.catalog("sync")
                let gtin = try await Self.someVariation(shop)["gtin"]!.stringValue!

                let unknown = try await shop.catalog(
                    "label", "print", gtin, "--printer", "nosuch", environment: cups.environment)
                #expect(unknown.status == 64)
                #expect(unknown.stderr.contains("zebra") && unknown.stderr.contains("dymo"))

                let dymo = try await shop.catalog(
                    "label", "print", gtin, "--template", "dymo-30334", "--printer", "dymo", "--wait",
                    environment: cups.environment)
                #expect(dymo.status == 0, "\(dymo.all)")
                let picture = DymoOutput.decode(cups.deviceOutput("dymo"))
                #expect(picture.blackDots > 1000)
                let pgm = shop.folder.appendingPathComponent("dymo.pgm")
                try picture.pgm().write(to: pgm)
                #expect(
                    try await Self.scan(pgm).contains("EAN-13:\(gtin.dropFirst())"),
                    "\(picture.width)x\(picture.height)")

                try await cups.stopQueue(name: "zebra", reason: "Out of labels")
                let stopped = try await shop.catalog(
                    "label", "print", gtin, "--printer", "zebra", "--wait", environment: cups.environment)
                #expect(stopped.status == 69, "\(stopped.all)")
                #expect(stopped.all.lowercased().contains("stopped"))

                let printers = try await shop.catalog("printers", "--json", environment: cups.environment)
                let states = printers.stdout.split(separator: "\n").compactMap { try? JSONValue.parse(String($0)) }
                #expect(states.first { $0["name"] == "zebra" }?["state"] == "stopped")
                #expect(states.count == 2)
            }
        }
    }

    /// No cupsd is needed to see that none answers: this runs wherever the others are skipped.
    @Test func aCUPSThatIsNotThereOrIsNotCUPSIsNamed() async throws {
        let shop = try await DemoShop.start()
        try await cleaningUp({ await shop.stop() }) {
            _ = try await shop.catalog("sync")
            let gtin = try await Self.someVariation(shop)["gtin"]!.stringValue!

            let noCups = try await shop.catalog("printers", environment: ["CUPS_SERVER": "127.0.0.1:1"])
            #expect(noCups.status == 69)
            #expect(noCups.stderr.contains("127.0.0.1:1"))

            // Something that answers HTTP but is no CUPS (here the sandbox) is not "a CUPS without printers".
            let notCups = "127.0.0.1:\(shop.server.port)"
            let listed = try await shop.catalog("printers", environment: ["CUPS_SERVER": notCups])
            #expect(listed.status == 69, "\(listed.all)")
            #expect(listed.stderr.contains(notCups), "\(listed.all)")
            #expect(!listed.stdout.contains("no printers"), "\(listed.all)")
            let printed = try await shop.catalog(
                "label", "print", gtin, "--template", "shelf-2x1", "--printer", "zebra",
                environment: ["CUPS_SERVER": notCups])
            #expect(printed.status == 69, "\(printed.all)")
            #expect(!printed.stderr.contains("no printer named"), "\(printed.all)")
        }
    }
}
