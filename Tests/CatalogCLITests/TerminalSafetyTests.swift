import CatalogCore
import CatalogTestSupport
import Foundation
import Scanner
import Testing

/// Catalog data and echoed input never drive the terminal: control characters print visibly in text
/// output, JSON stays exact, values this tool writes refuse them, and CSV for Excel never runs a formula.
@Suite struct TerminalSafetyTests {
    static let hostileName = "Evil\u{1B}[2J\u{1B}]0;owned\u{07} Widget"
    static let hostileVariation = "Large\u{9B}31m\nFAKE LINE"
    static let hostileCategory = "Tools\u{7F}\u{08}"
    static let formulaName = "=HYPERLINK(\"http://x.example\",\"click\")"

    /// A shop with one item whose names hold escape sequences and one named like a spreadsheet formula.
    static func syncedShop() async throws -> DemoShop {
        let shop = try await DemoShop.start(seed: .none)
        let objects: [JSONValue] = [
            ["type": "CATEGORY", "id": "#tools", "category_data": ["name": .string(hostileCategory)]],
            [
                "type": "ITEM", "id": "#evil",
                "item_data": [
                    "name": .string(hostileName), "categories": [["id": "#tools"]],
                    "reporting_category": ["id": "#tools"],
                    "variations": [
                        [
                            "type": "ITEM_VARIATION", "id": "#evil-l",
                            "item_variation_data": [
                                "item_id": "#evil", "name": .string(hostileVariation), "sku": "EV-1",
                                "pricing_type": "FIXED_PRICING", "price_money": ["amount": 499, "currency": "USD"],
                            ],
                        ]
                    ],
                ],
            ],
            [
                "type": "ITEM", "id": "#formula",
                "item_data": [
                    "name": .string(formulaName),
                    "variations": [
                        [
                            "type": "ITEM_VARIATION", "id": "#formula-1",
                            "item_variation_data": [
                                "item_id": "#formula", "name": "-1+1", "sku": "FO-1",
                                "pricing_type": "FIXED_PRICING", "price_money": ["amount": 100, "currency": "USD"],
                            ],
                        ]
                    ],
                ],
            ],
        ]
        _ = try await shop.client.batchUpsertCatalogObjects(batches: [objects])
        let sync = try await shop.catalog("sync")
        #expect(sync.status == 0, "\(sync.all)")
        return shop
    }

    /// True when `text` holds a control character other than the line ends between output lines.
    static func hasControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
    }

    @Test func searchShowAndScanPrintControlCharactersVisibly() async throws {
        let shop = try await Self.syncedShop()
        try await cleaningUp({ await shop.stop() }) {
            let events = shop.folder.appendingPathComponent("scans.bin")
            try Data(InputEventWriter.encode(TypedScans.events(typing: ["EV-1"], scanGap: .seconds(1)))).write(
                to: events)
            for arguments in [["search", "evil", "widget"], ["show", "EV-1"], ["scan", "--events", events.path]] {
                let result = try await CLI.run(arguments, environment: shop.environment, folder: shop.folder)
                #expect(result.status == 0, "\(arguments): \(result.all)")
                #expect(
                    !Self.hasControl(result.all),
                    "\(arguments) printed a control character: \(result.all.debugDescription)"
                )
                #expect(result.stdout.contains("Evil\\u{1B}[2J\\u{1B}]0;owned\\u{7} Widget"), "\(result.stdout)")
                #expect(!result.stdout.contains("\nFAKE LINE"), "a line break inside a name starts no line of its own")
            }
            let show = try await shop.catalog("show", "EV-1")
            #expect(show.stdout.contains("Large\\u{9B}31m\\u{A}FAKE LINE"))
            #expect(show.stdout.contains("Tools\\u{7F}\\u{8}"))

            // JSON output stays exactly what Square holds.
            let json = try await shop.catalog("search", "evil", "--json")
            let hit = try #require(try JSONValue.parse(json.stdout).arrayValue?.first)
            #expect(hit["item_name"] == .string(Self.hostileName))
            #expect(hit["variation_name"] == .string(Self.hostileVariation))
            #expect(hit["category"] == .string(Self.hostileCategory))
            let shown = try await shop.catalog("show", "EV-1", "--json")
            #expect(try JSONValue.parse(shown.stdout)["item_name"] == .string(Self.hostileName))
        }
    }

    @Test func echoesOfUserInputAreShortAndVisible() async throws {
        let shop = try await Self.syncedShop()
        try await cleaningUp({ await shop.stop() }) {
            let long = String(repeating: "x", count: 100_000)
            let show = try await shop.catalog("show", long)
            #expect(show.status == 1)
            #expect(show.stderr.count < 300, "the message echoes \(show.stderr.count) characters")
            #expect(show.stderr.contains("… (100,000 characters)"), "\(show.stderr)")
            let search = try await shop.catalog("search", "zz\u{1B}[2Jzz")
            #expect(search.status == 1)
            #expect(!Self.hasControl(search.stderr), "\(search.stderr.debugDescription)")
        }
    }

    @Test func valuesThisToolWritesRefuseControlCharacters() async throws {
        let shop = try await Self.syncedShop()
        try await cleaningUp({ await shop.stop() }) {
            let cases: [([String], String)] = [
                (["edit", "FO-1", "--name", "Plain\u{1B}[2J"], "--name"),
                (["edit", "FO-1", "--sku", "FO\t2"], "--sku"),
                (["edit", "FO-1", "--variation-name", "One\nTwo"], "--variation-name"),
                (["edit", "FO-1", "--description", "Bell\u{07}"], "--description"),
                (["item", "create", "--name", "New\u{9B}2J", "--price", "1.00"], "--name"),
                (
                    ["item", "create", "--name", "New", "--price", "1.00", "--variation", "Big\u{1B}, price=2.00"],
                    "--variation"
                ),
            ]
            for (arguments, field) in cases {
                let result = try await CLI.run(arguments, environment: shop.environment, folder: shop.folder)
                #expect(result.status == 65, "\(arguments): \(result.all)")
                #expect(
                    result.stderr.contains(field) && result.stderr.contains("control character"), "\(result.stderr)")
                #expect(!Self.hasControl(result.stderr), "\(result.stderr.debugDescription)")
            }
            let history = try await shop.catalog("history", "--json")
            #expect(history.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]" || history.stdout.isEmpty)
            // A price file's rows: a price holding an escape sequence is a bad row, shown visibly.
            let prices = shop.folder.appendingPathComponent("prices.csv")
            try Data("sku,price\nFO-1,4.99\u{1B}[2J\nEV\u{1B}[2J-1,1.00\n".utf8).write(to: prices)
            let imported = try await shop.catalog("import", "prices", prices.path, "--apply")
            #expect(imported.status == 65, "\(imported.all)")
            #expect(imported.all.contains("4.99\\u{1B}[2J") && imported.all.contains("not a price"), "\(imported.all)")
            #expect(!Self.hasControl(imported.all), "\(imported.all.debugDescription)")
            let described = try await shop.catalog("edit", "FO-1", "--description", "Line one\nLine two")
            #expect(described.status == 0, "a description may hold line breaks: \(described.all)")
        }
    }

    @Test func csvForExcelWritesFormulaCellsAsText() async throws {
        let shop = try await Self.syncedShop()
        try await cleaningUp({ await shop.stop() }) {
            #expect(try await shop.catalog("reorder", "add", "FO-1", "--qty", "2").status == 0)
            let plain = shop.folder.appendingPathComponent("plain.csv")
            let excel = shop.folder.appendingPathComponent("excel.csv")
            #expect(try await shop.catalog("reorder", "export", "--format", "csv", "--output", plain.path).status == 0)
            let exported = try await shop.catalog(
                "reorder", "export", "--format", "csv", "--excel", "--output", excel.path)
            #expect(exported.status == 0, "\(exported.all)")
            let plainText = try String(contentsOf: plain, encoding: .utf8)
            let excelText = try String(contentsOf: excel, encoding: .utf8)
            #expect(plainText.contains(",\"=HYPERLINK(\"\"http"), "without --excel the cell is as Square has it")
            #expect(excelText.contains(";\"'=HYPERLINK(\"\"http"), "\(excelText)")
            #expect(excelText.contains(";'-1+1;"), "\(excelText)")
            let help = try await shop.catalog("reorder", "export", "--help")
            #expect(help.stdout.contains("formula"))

            let prices = shop.folder.appendingPathComponent("prices.csv")
            try Data("sku,price\nFO-1,2.00\n".utf8).write(to: prices)
            let report = shop.folder.appendingPathComponent("report.csv")
            let imported = try await shop.catalog("import", "prices", prices.path, "--report", report.path, "--excel")
            #expect(imported.status == 0, "\(imported.all)")
            let reportText = try String(contentsOf: report, encoding: .utf8)
            #expect(reportText.contains(",\"'=HYPERLINK(\"\"http") && reportText.contains(",'-1+1,"), "\(reportText)")
            #expect(try await shop.catalog("import", "prices", "--help").stdout.contains("formula"))
        }
    }
}
