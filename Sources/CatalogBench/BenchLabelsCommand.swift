import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Foundation
import Labels
import Printing
import Store

/// `catalog-bench labels`: rendering and job submission speed.
struct BenchLabelsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "labels",
        abstract: "Measure label rendering (PDF of many labels, one PNG preview) and, with --printer, job submission.",
        discussion: """
            Renders --labels labels of generated items (long names, EAN-13, UPC-A and Code 128 codes) \
            into one PDF with each stock template, and one PNG preview, --runs times each; then as many \
            sale-2x1 tags priced now (Square sales of a shop with twenty pricing rules, weekly periods, \
            taxes and units, worked out for each variation as labels do) into one PDF. With \
            --printer it also submits a one-label PDF job to that CUPS queue --runs times (CUPS_SERVER \
            is honoured; the jobs are really printed). Targets: 1,000 labels into one PDF under 1 s, one \
            PNG under 50 ms, a job submitted under 200 ms. Build with scripts/build-release.sh \
            before measuring.
            """
    )

    @Option(help: "Labels in the PDF.")
    var labels = 1000

    @Option(help: "Timed runs of each measurement.")
    var runs = 5

    @Option(help: ArgumentHelp("Also time job submission to this CUPS printer.", valueName: "name"))
    var printer: String?

    @OptionGroup var output: BenchOutputOptions

    func validate() throws {
        guard labels > 0, runs > 0 else { throw ValidationError("--labels and --runs must be positive.") }
    }

    func run() async throws {
        try await reportingErrors {
            let library = TemplateLibrary()
            let names = library.list().filter { $0.shadowedBy == nil && $0.template != nil }.map(\.name)
            guard !names.isEmpty else { throw AppError("No label templates found.", exitCode: .notFound) }
            let data = Self.sampleLabels(count: labels)
            var figures: [(String, [Double])] = []
            for name in names {
                let template = try library.template(named: name)
                figures.append(
                    ("pdf \(name)", try Self.time(runs) { _ = try LabelRenderer().pdf(template, labels: data) }))
                figures.append(
                    ("png \(name)", try Self.time(runs) { _ = try LabelRenderer().png(template, label: data[0]) }))
            }
            if names.contains("sale-2x1") {
                let template = try library.template(named: "sale-2x1")
                let (pricing, variations, facts) = Self.saleShop(count: labels)
                figures.append(
                    (
                        "pdf sale tags priced now",
                        try Self.time(runs) {
                            _ = try LabelRenderer().pdf(template, labels: Self.saleTags(pricing, variations, facts))
                        }
                    ))
            }
            if let printer {
                let template = try library.template(named: names.contains("shelf-2x1") ? "shelf-2x1" : names[0])
                let document = try LabelRenderer().pdf(template, labels: [data[0]])
                var submits: [Double] = []
                for _ in 0..<runs {
                    let started = ContinuousClock.now
                    _ = try await PrintJobs.submit(
                        document: document, format: .pdf, to: printer, title: "catalog-bench",
                        mediaSize: (template.width.points, template.height.points))
                    submits.append((ContinuousClock.now - started).seconds * 1000)
                }
                figures.append(("submit \(printer)", submits))
            }
            report(figures)
        }
    }

    /// Times `body` `runs` times, in milliseconds.
    static func time(_ runs: Int, _ body: () throws -> Void) throws -> [Double] {
        try (0..<runs).map { _ in
            let started = ContinuousClock.now
            try body()
            return (ContinuousClock.now - started).seconds * 1000
        }
    }

    /// Labels with realistic, varied content: long and Unicode names, the three code kinds, sale prices.
    static func sampleLabels(count: Int) -> [LabelData] {
        var random = SplitMix64(seed: 42)
        let words = [
            "Organic", "Crème", "Fraîche", "Extra", "Large", "Widget", "Tee", "Ständer", "Jam", "Kettle", "Blue",
        ]
        let codes = ["4006381333931", "012345678905", "5012345004624", "9780306406157"]
        return (0..<count).map { index in
            let name = (0..<(2 + Int(random.next() % 5))).map { _ in words[Int(random.next() % UInt64(words.count))] }
                .joined(separator: " ")
            let price = Money(amount: Int64(99 + random.next() % 5000), currency: "USD")
            let hasCode = index % 3 != 0
            return LabelData(
                itemID: "ITEM\(index)", variationID: "VAR\(index)", itemName: name, variationName: "Regular",
                price: price, regularPrice: index % 5 == 0 ? Money(amount: price.amount + 100, currency: "USD") : nil,
                sku: "ac-wdg-\(index)-l", gtin: hasCode ? codes[index % codes.count] : nil, category: "Bench",
                date: "2026-11-23")
        }
    }

    /// A shop's pricing objects (`BenchPricing`) and `count` variations across twenty categories, sold by the
    /// kilogram every tenth.
    static func saleShop(count: Int) -> (PricingCatalog, [VariationSummary], [PricingFacts]) {
        let objects = BenchPricing.objects(categories: (0..<20).map { "C\($0)" })
        let pricing = PricingCatalog(objects: objects, locations: [["id": "L1", "timezone": "Europe/London"]])
        let labels = sampleLabels(count: count)
        let variations = labels.map { label in
            VariationSummary(
                itemID: label.itemID, variationID: label.variationID, itemName: label.itemName,
                variationName: label.variationName, sku: label.sku, gtin: label.gtin, upc: label.gtin,
                price: label.regularPrice ?? label.price, category: label.category, isArchived: false
            ).at(CounterLocation(id: "L1", name: "Shop"))
        }
        let facts = variations.enumerated().map { index, variation in
            PricingFacts(
                variationID: variation.variationID, itemID: variation.itemID, categoryIDs: ["C\(index % 20)"],
                taxIDs: ["#VAT"], measurementUnitID: index % 10 == 0 ? "#KG" : nil,
                names: [variation.itemName, "500 g"])
        }
        return (pricing, variations, facts)
    }

    /// Sale tags by the product's own rule (`LabelRequest.tag`): each variation's price now, the sale beside
    /// the regular price.
    static func saleTags(_ pricing: PricingCatalog, _ variations: [VariationSummary], _ facts: [PricingFacts])
        -> [LabelData]
    {
        let now = Timestamp(seconds: 1_795_600_000)
        return zip(variations, facts).map { variation, facts in
            LabelRequest.tag(
                for: variation, shelf: pricing.shelfPrice(for: variation, facts: facts, at: now), date: "2026-11-25")
        }
    }

    func report(_ figures: [(String, [Double])]) {
        if output.json {
            var object = JSONObject()
            object["labels"] = .int(labels)
            object["runs"] = .int(runs)
            for (name, values) in figures {
                object[name.replacingOccurrences(of: " ", with: "_") + "_ms_median"] = .number(
                    String(format: "%.2f", BenchSyncCommand.median(values)))
            }
            Terminal.out(JSONValue.object(object))
            return
        }
        Terminal.out("label benchmark: \(labels) labels per PDF, \(runs) runs")
        for (name, values) in figures {
            let median = BenchSyncCommand.median(values)
            let target: Double = name.hasPrefix("pdf") ? 1000 : name.hasPrefix("png") ? 50 : 200
            Terminal.out(
                "  " + Terminal.column(name, 26)
                    + String(
                        format: "median %8.1f ms (min %.1f, max %.1f); target < %.0f ms: %@", median,
                        values.min() ?? 0, values.max() ?? 0, target, median < target ? "ok" : "MISSED"))
        }
    }
}
