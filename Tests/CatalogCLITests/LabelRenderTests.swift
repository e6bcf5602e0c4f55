import CatalogCore
import CatalogTestSupport
import Foundation
import Testing

/// `catalog label templates|render|commands` through the real binary.
@Suite struct LabelRenderTests {
    static func zbar(_ file: URL) async throws -> [String] {
        try await CLI.run(
            ["--nodbus", "-q", file.path], folder: file.deletingLastPathComponent(), binary: "/usr/bin/zbarimg"
        )
        .stdout.split(separator: "\n").map(String.init).sorted()
    }

    @Test func theCommandSheetCarriesEveryCommandAsAScannableCode() async throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = folder.appendingPathComponent("commands.pdf")
        let made = try await CLI.run(["label", "commands", "--output", pdf.path], folder: folder)
        #expect(made.status == 0, "\(made.all)")
        let page = folder.appendingPathComponent("page")
        _ = try await CLI.run(
            ["-r", "300", "-gray", "-png", pdf.path, page.path], folder: folder, binary: "/usr/bin/pdftoppm")
        let codes = try await Self.zbar(folder.appendingPathComponent("page-1.png"))
        let expected =
            ["LOOKUP", "REORDER", "LABEL", "RECEIVE", "COUNT", "SHELF", "AUDIT"].map { "CODE-128:CATALOG:MODE:\($0)" }
            + [1, 2, 3, 4, 5, 6, 10, 12, 24].map { "CODE-128:CATALOG:QTY:\($0)" }
        #expect(codes == expected.sorted())
    }

    @Test func aPreviewOfADemoItemScansAndABadTemplateSaysWhere() async throws {
        let shop = try await DemoShop.start()
        try await cleaningUp({ await shop.stop() }) {
            _ = try await shop.catalog("sync")
            let found =
                try JSONValue.parse(try await shop.catalog("search", "notebook", "--json").stdout).arrayValue ?? []
            let item = try #require(found.first { ($0["gtin"]?.stringValue ?? "").hasPrefix("05") })
            let gtin = item["gtin"]!.stringValue!
            let png = shop.folder.appendingPathComponent("tag.png")
            let rendered = try await shop.catalog(
                "label", "render", gtin, "--template", "dymo-30334", "--output", png.path)
            #expect(rendered.status == 0, "\(rendered.all)")
            #expect(try await Self.zbar(png) == ["EAN-13:\(gtin.dropFirst())"])

            let listed = try await shop.catalog("label", "templates", "--json")
            let names = listed.stdout.split(separator: "\n").compactMap {
                try? JSONValue.parse(String($0))["name"]?.stringValue
            }
            #expect(
                Set(names).isSuperset(of: ["shelf-2x1", "sale-2x1", "dymo-30334", "brother-62x29", "sheet-avery-5160"]))

            let bad = shop.folder.appendingPathComponent("bad.yaml")
            try
                "summary: broken\nsize: { width: 2in, height: 1in }\ndpi: 203\nelements:\n  - text: \"{{item.name}}\"\n    frame: { x: 0mm, y: 0mm, width: 20, height: 5mm }\n"
                .write(to: bad, atomically: true, encoding: .utf8)
            let refused = try await shop.catalog("label", "render", gtin, "--template", bad.path, "--output", png.path)
            #expect(refused.status == 65)
            #expect(refused.stderr.contains("bad.yaml line 6"), "\(refused.stderr)")
            #expect(refused.stderr.contains("width"))

            let tooMany = try await shop.catalog("label", "render", "--category", "Stationery", "--output", png.path)
            #expect(tooMany.status == 64)
            #expect(tooMany.stderr.contains("one label"))
        }
    }
}
