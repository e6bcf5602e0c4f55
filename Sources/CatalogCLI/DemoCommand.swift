import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Foundation
import Labels
import Sandbox
import SquareAPI

/// `catalog demo`: the whole tool against an embedded sandbox, in one command.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Try catalog end to end on a built-in demo shop; no Square account needed.",
        discussion: """
            Starts a local Square-compatible sandbox with a demo shop, syncs it into a database \
            (a temporary one unless --db is given), changes a few things on the sandbox, syncs again, \
            and shows what catalog found.
            """
    )

    @Option(name: .customLong("db"), help: ArgumentHelp("Keep the demo database in this file.", valueName: "path"))
    var database: String?

    func run() async throws {
        try await reportingErrors {
            let folder = try database == nil ? PrivateFolder.make("catalog-demo") : nil
            let path = database ?? (folder?.appendingPathComponent("catalog.sqlite").path ?? "")
            defer { if let folder { try? FileManager.default.removeItem(at: folder) } }
            let server = try await SandboxServer.start(SandboxConfiguration(port: 0, token: "demo-token", seed: .demo))
            do {
                try await Self.demo(server: server, databasePath: path)
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
        }
    }

    static func demo(server: SandboxServer, databasePath: String) async throws {
        Terminal.out("Sandbox shop running at \(server.baseURL.absoluteString)")
        let client = SquareClient(
            configuration: SquareClientConfiguration(baseURL: server.baseURL, accessToken: "demo-token"))
        let context = AppContext(
            settings: Settings(databasePath: databasePath, baseURL: server.baseURL, accessToken: "demo-token"),
            progress: TerminalProgress(), makeClient: { _ in client })
        let sync = try SyncWorkflow(context: context)
        let tour = try DemoTour(context: context)

        let first = try await sync.pull()
        Terminal.out("1. First sync into \(databasePath)\n   " + SyncWorkflow.line(first))
        let counts = try await tour.counts()
        Terminal.out(
            "   \(Terminal.count(counts["items"] ?? 0)) items, \(Terminal.count(counts["variations"] ?? 0)) variations, "
                + "\(counts["categories"] ?? 0) categories, \(counts["locations"] ?? 0) locations")

        // Pick a variation with a barcode and show it by every spelling.
        let sample = try await tour.sample(limit: 40)
        guard let withBarcode = sample.first(where: { $0.gtin != nil && $0.sku != nil }), let gtin = withBarcode.gtin,
            let sku = withBarcode.sku
        else { return }
        Terminal.out("\n2. Looking one item up by barcode, SKU and id (catalog show ...):")
        for code in Array(Set([withBarcode.upc ?? gtin, gtin, sku.lowercased(), withBarcode.variationID]))
            .sorted()
        {
            let found = try await tour.lookUp(code)
            Terminal.out("   \(Terminal.column(code, 26)) -> \(found[0].itemName)")
        }
        Terminal.out(
            "\n" + ShowCommand.text(withBarcode).split(separator: "\n").map { "   " + $0 }.joined(separator: "\n"))

        // Change the shop on the server, then sync only the changes.
        let (item, _) = try await client.retrieveCatalogObject(id: withBarcode.itemID)
        var renamed = item
        renamed["item_data"]?["name"] = JSONValue.string(
            (item["item_data"]?["name"]?.stringValue ?? "") + " (new label)")
        _ = try await client.upsertCatalogObject(renamed)
        if let victim = sample.last(where: { $0.itemID != withBarcode.itemID }) {
            _ = try await client.deleteCatalogObject(id: victim.itemID)
            Terminal.out("\n3. On the sandbox: renamed “\(withBarcode.itemName)”, deleted “\(victim.itemName)”.")
        }
        let second = try await sync.pull()
        Terminal.out("   Incremental sync: " + SyncWorkflow.line(second))
        let after = try await tour.lookUp(gtin)
        Terminal.out("   catalog show \(gtin) -> \(after[0].itemName)")

        // Search the new name with a typo and half a word: the index moved with the sync.
        let longest = withBarcode.itemName.split(separator: " ").max { $0.count < $1.count } ?? ""
        var letters = Array(longest.lowercased())
        let typo = letters.count >= 5 && letters[1] != letters[2]
        if typo { letters.swapAt(1, 2) }
        let query = String(letters) + " new lab"
        let found = try await ShopSearch.run(
            SearchQuery(query), limit: 3, onlyHere: false, shop: try await ShopLocations.load(nil, context: context),
            context: context)
        Terminal.out(
            "\n4. catalog search \(query)   (\(typo ? "a typo, " : "")a half-typed word, the name the last sync brought)"
        )
        for line in SearchCommand.table(found.outcome.hits, priceShown: found.priceShown, width: nil) {
            Terminal.out("   " + line)
        }

        // Edit a price the safe way: fetch, change one field, write back with its version.
        let current = after[0]
        let newPrice = Money(amount: (current.price?.amount ?? 100) + 50, currency: current.price?.currency ?? "USD")
        let edited = try await tour.changePrice(of: current, to: newPrice)
        Terminal.out("\n5. catalog edit \(gtin) --price \(newPrice.decimalString)")
        Terminal.out(
            EditOutput.text(edited, label: current.label, frontEnd: context.frontEnd).split(separator: "\n").map {
                "   " + $0
            }
            .joined(separator: "\n"))
        if let row = try await WriteHistory.entries(code: current.variationID, since: nil, limit: 1, context: context)
            .first
        {
            Terminal.out("   catalog history \(gtin):\n   " + HistoryCommand.text(row))
        }
        // Draw the edited item's shelf label: the PDF a printer gets and the PNG preview of it.
        let relabel = try await tour.lookUp(gtin)
        let template = try TemplateLibrary().template(named: "shelf-2x1")
        let labels = try await LabelRequest(template: "shelf-2x1").labelData(
            for: Array(relabel.prefix(1)), context: context)
        // Kept after the demo, for the person to open: a new folder of its own each time.
        let labelFolder = try PrivateFolder.make("catalog-demo-labels")
        let pdf = labelFolder.appendingPathComponent("shelf-2x1.pdf")
        let png = labelFolder.appendingPathComponent("shelf-2x1.png")
        try Data(try LabelOutput.render(template, labels: labels, format: .pdf)).write(to: pdf)
        try Data(try LabelOutput.render(template, labels: labels, format: .png)).write(to: png)
        Terminal.out("\n6. catalog label render \(gtin) --template shelf-2x1 (the new price, a barcode that scans)")
        Terminal.out("   PDF for the printer: \(pdf.path)\n   PNG preview:         \(png.path)")
        try await reorderStep(tour: tour, folder: labelFolder)
        try await locationsStep(context: context, tour: tour, template: template, folder: labelFolder)
        try await countStep(context: context, tour: tour)
        Terminal.out("\nTry it yourself: catalog sandbox --port 8765 --seed demo, then in another terminal")
        Terminal.out("   export SQUARE_BASE_URL=http://127.0.0.1:8765 SQUARE_ACCESS_TOKEN=sandbox-token")
        Terminal.out("   catalog sync && catalog show \(sku)")
    }
}

extension DemoCommand {
    /// One book at both locations: Market Hall charges its own price, so each counter shows, and each
    /// shelf tag prints, a different price.
    static func locationsStep(context: AppContext, tour: DemoTour, template: LabelTemplate, folder: URL) async throws {
        let all = try await ShopLocations.load(nil, context: context).all
        guard all.count > 1, let book = try await tour.variationWithLocationPrices() else { return }
        Terminal.out("\n8. One item, two locations (catalog show \(book.sku ?? book.variationID) --location ...):")
        for place in all {
            let shop = ShopLocations(all: all, here: place)
            Terminal.out(
                ShowCommand.text(book.at(place), shop: shop).split(separator: "\n").prefix(3).map { "   " + $0 }
                    .joined(separator: "\n"))
            let labels = try await LabelRequest(template: "shelf-2x1").labelData(
                for: [book.at(place)], context: context)
            let png = folder.appendingPathComponent(
                "shelf-2x1-\(place.name.lowercased().replacingOccurrences(of: " ", with: "-")).png")
            try Data(try LabelOutput.render(template, labels: labels, format: .png)).write(to: png)
            Terminal.out("   shelf tag for \(place.name): \(png.path)")
        }
    }
}
