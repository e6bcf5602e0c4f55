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
        ["sandbox"], ["webhook"], ["label", "print"], ["label", "retry"], ["printers"], ["scan"], ["demo"],
        ["outbox", "resolve"], ["reorder", "receive", "4006381333931", "--qty", "12", "--labels"],
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
        let started = Date()
        let shop = try await DemoShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let sync = try await shop.catalog("sync")
            #expect(sync.status == 0, "\(sync.all)")
            try Data("sku,price\nAC-WDG-0040-S,4.25\nHW-0142-S,6.75\n".utf8)
                .write(to: shop.folder.appendingPathComponent("supplier.csv"))
            try Data("barcode,shelf\n4006381333931,A3-1\nHW-0142-S,A3-2\n".utf8)
                .write(to: shop.folder.appendingPathComponent("shelves.csv"))
            // A counter with its location configured, as `reorder receive` at a two-location shop needs, and a
            // name of its own (not this computer's), so the transcript is the same on every machine.
            let environment = shop.environment.merging(["CATALOG_LOCATION": "High Street", "CATALOG_COUNTER": "readme"])
            {
                $1
            }
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
            try Self.compare(
                Self.normalized(transcript, folder: shop.folder.path, today: started), with: Self.transcriptFile)
            for file in ["tag.png", "order.csv", "acme.pdf", "commands.pdf"] {
                #expect(
                    FileManager.default.fileExists(atPath: shop.folder.appendingPathComponent(file).path), "\(file)")
            }
        }
    }

    /// What the README's examples printed on the last deliberate change of output: every command's output
    /// and exit code, as `normalized` leaves it. A change that alters what a person sees fails here until the
    /// file is written again (CATALOG_UPDATE_TRANSCRIPT=1) and the difference committed with it.
    static let transcriptFile = MessageTests.root.appendingPathComponent("Tests/CatalogCLITests/readme-transcript.txt")

    /// The transcript with what differs from run to run (times, durations, Square's versions and new ids,
    /// order and count references, the folders the test runs in, dates drawn from the day the demo shop
    /// started) replaced by a word that says what it was.
    static func normalized(_ transcript: String, folder: String, today: Date) -> String {
        let rules: [(String, String)] = [
            (NSRegularExpression.escapedPattern(for: folder), "<folder>"),
            (NSRegularExpression.escapedPattern(for: MessageTests.root.path), "<repository>"),
            (#"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})"#, "<time>"),
            (#"\b\d+(\.\d+)?s\b"#, "<seconds>"),
            (#"\b1\d{12}\b"#, "<version>"),
            (#"\b[A-Z0-9]{24}\b"#, "<id>"),
            (#"PO-\d{8}-\d{6}"#, "PO-<date>-<time>"),
            (#"catalog-count-[0-9a-f]{8}"#, "catalog-count-<reference>"),
        ]
        // Templates installed on this machine (the Debian package's, which its test installs while these
        // run) are listed after the repository's: not part of what the README shows.
        var text = transcript.replacingOccurrences(
            of: #"(?m)^\S[^\n]*\n\s+system: [^\n]*\n"#, with: "", options: .regularExpression)
        for (pattern, replacement) in rules {
            text = text.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
        }
        return relativeDates(text, today: today)
    }

    /// `text` with each date within a year of `today` (UTC) written as the days from it, `<today+21>`: the
    /// demo shop's sale runs from two weeks before the day its sandbox starts to three weeks after, so its
    /// dates move with the day the test runs. (A run that starts just before midnight may still differ.)
    static func relativeDates(_ text: String, today: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var tokens: [String: String] = [:]
        for offset in -366...366 {
            guard let day = calendar.date(byAdding: .day, value: offset, to: today) else { continue }
            let parts = calendar.dateComponents([.year, .month, .day], from: day)
            let date = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
            tokens[date] = offset == 0 ? "<today>" : offset > 0 ? "<today+\(offset)>" : "<today\(offset)>"
        }
        var result = ""
        var rest = Substring(text)
        while let found = rest.range(of: #"\b\d{4}-\d{2}-\d{2}\b"#, options: .regularExpression) {
            let date = String(rest[found])
            result += rest[..<found.lowerBound] + (tokens[date] ?? date)
            rest = rest[found.upperBound...]
        }
        return result + rest
    }

    /// Records an issue showing where `transcript` first differs from `file`'s; writes the file instead when
    /// CATALOG_UPDATE_TRANSCRIPT is set.
    static func compare(_ transcript: String, with file: URL) throws {
        if ProcessInfo.processInfo.environment["CATALOG_UPDATE_TRANSCRIPT"] != nil {
            try Data(transcript.utf8).write(to: file)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        guard expected != transcript else { return }
        let (old, new) = (expected.components(separatedBy: "\n"), transcript.components(separatedBy: "\n"))
        let first =
            zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
        let context = max(0, first - 3)..<first + 4
        Issue.record(
            """
            The README examples print something else than \(file.lastPathComponent) says (first at line \(first + 1)).
            Was:
            \(old[context.clamped(to: old.indices)].joined(separator: "\n"))
            Now:
            \(new[context.clamped(to: new.indices)].joined(separator: "\n"))
            If the change is meant, run the test with CATALOG_UPDATE_TRANSCRIPT=1 and commit the file with it.
            """)
    }
}
