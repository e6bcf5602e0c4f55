import CatalogCore
import CatalogTestSupport
import Foundation
import Testing

/// The README's examples work on the demo shop: every `catalog ...` line of "Using it" that needs no
/// printer, scanner, webhook or benchmark runs, in the README's order, against `--seed demo` after a sync.
@Suite struct ReadmeExampleTests {
    /// Commands left out, by their first words: they need a printer, a scanner device, a webhook receiver,
    /// minutes of benchmarking, a server of their own, or an outbox conflict the demo does not have.
    static let skipped: [[String]] = [
        ["sandbox"], ["webhook"], ["label", "print"], ["printers"], ["scan"], ["demo"],
        ["outbox", "resolve"],
    ]

    /// The README's "Using it" example lines as argument lists, continuation lines joined and comments cut.
    static func examples() throws -> [[String]] {
        let readme = try String(contentsOf: MessageTests.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Using it").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```").dropFirst().first)
        let joined = block.replacingOccurrences(of: "\\\n", with: " ")
        return joined.split(separator: "\n").compactMap { line in
            let words = Self.words(String(line))
            guard words.first == "catalog" else { return nil }
            return Array(words.dropFirst())
        }
    }

    /// A shell line's words: double quotes group, `#` after a space starts a comment.
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var current: String?
        var quoted = false
        for character in line {
            if quoted {
                if character == "\"" { quoted = false } else { current!.append(character) }
            } else if character == "\"" {
                quoted = true
                current = current ?? ""
            } else if character == " " {
                if let word = current { words.append(word) }
                current = nil
            } else if character == "#", current == nil {
                break
            } else {
                current = (current ?? "") + String(character)
            }
        }
        if let word = current { words.append(word) }
        return words
    }

    @Test func everyReadmeExampleWorksOnTheDemoShop() async throws {
        let examples = try Self.examples()
        #expect(examples.count > 30, "the README's example block was not found")
        let shop = try await DemoShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let sync = try await shop.catalog("sync")
            #expect(sync.status == 0, "\(sync.all)")
            try Data("sku,price\nAC-WDG-0040-S,4.25\nHW-0142-S,6.75\n".utf8)
                .write(to: shop.folder.appendingPathComponent("supplier.csv"))
            // A counter with its location configured, as `reorder receive` at a two-location shop needs.
            let environment = shop.environment.merging(["CATALOG_LOCATION": "High Street"]) { $1 }
            var ran = 0
            // CATALOG_README_TRANSCRIPT=FILE keeps every command's exit code and output, to diff two builds.
            var transcript = ""
            defer {
                if let path = ProcessInfo.processInfo.environment["CATALOG_README_TRANSCRIPT"] {
                    try? Data(transcript.utf8).write(to: URL(fileURLWithPath: path))
                }
            }
            for arguments in examples where !Self.skipped.contains(where: { arguments.starts(with: $0) }) {
                let result = try await CLI.run(arguments, environment: environment, folder: shop.folder)
                #expect(result.status == 0, "catalog \(arguments.joined(separator: " ")): \(result.all)")
                transcript += "$ catalog \(arguments.joined(separator: " "))\n\(result.all)\n[exit \(result.status)]\n"
                let lookups: [[String]] = [
                    ["show"], ["search"], ["history"], ["reorder", "list"], ["reorder", "add"],
                ]
                if lookups.contains(where: { arguments.starts(with: $0) }) {
                    let empty = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                    #expect(!["", "[]"].contains(empty), "catalog \(arguments.joined(separator: " ")) found nothing")
                }
                if ["show", "search"].contains(arguments[0]) {
                    // The README's lookups all name the Acme Blue Widget family or the hex key set, best match first.
                    let first = String(result.stdout.prefix(300))
                    #expect(
                        first.contains("Acme Blue Widget") || first.contains("Workshop Hex Key Set"),
                        "catalog \(arguments.joined(separator: " ")) shows first: \(first)")
                }
                ran += 1
            }
            #expect(ran >= 25)
            for file in ["tag.png", "order.csv", "acme.pdf", "commands.pdf"] {
                #expect(
                    FileManager.default.fileExists(atPath: shop.folder.appendingPathComponent(file).path), "\(file)")
            }
        }
    }
}
