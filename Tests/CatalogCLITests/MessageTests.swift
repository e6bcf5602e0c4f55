import CatalogCore
import CatalogTestSupport
import Foundation
import Sandbox
import Scanner
import Testing

/// Messages say what to do in words that work when copied: flags that exist, commands in their own case,
/// and the README's exit codes are the ones the tool uses.
@Suite struct MessageTests {
    /// The repository this test file is in.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every `--flag` named in `text`.
    static func flags(in text: String) -> Set<String> {
        Set(text.matches(of: /--[a-z][a-z0-9-]*/).map { String($0.output) })
    }

    @Test func scanOutcomesUpperCaseOnlyTheActionWord() async throws {
        let shop = try await DemoShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let (_, ean) = try await ScanReplayTests.syncedNotebook(shop)
            let file = shop.folder.appendingPathComponent("scans.bin")
            try Data(ScanReplayTests.stream(["CATALOG:MODE:LABEL", "CATALOG:MODE:REORDER", ean, "NOPE-4711"]))
                .write(to: file)
            let replay = try await shop.catalog("scan", "--events", file.path)
            #expect(replay.status == 0, "\(replay.all)")
            let lines = replay.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == 4, "\(replay.stdout)")
            let refused = try #require(lines.first)
            #expect(refused.hasPrefix("REFUSED: label mode needs --template"), "\(refused)")
            #expect(lines[1].hasPrefix("MODE reorder"), "\(lines[1])")
            #expect(lines[2].hasPrefix("REORDER +1 = 1"), "\(lines[2])")
            #expect(lines[3].hasPrefix("UNKNOWN  NOPE-4711"), "\(lines[3])")
        }
    }

    @Test func everyFlagTheSandboxNamesExists() async throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let help = try await CLI.run(["sandbox", "--help"], folder: folder)
        let options = Self.flags(in: help.stdout)
        #expect(options.isSuperset(of: ["--port", "--data", "--seed", "--webhook-url", "--signature-key"]))

        let garbage = folder.appendingPathComponent("garbage.json")
        try Data("not a sandbox".utf8).write(to: garbage)
        var messages: [String] = []
        let attempts: [([String], Int32)] = [
            (["--port", "0", "--data", garbage.path], 65),
            (["--port", "70000"], 64), (["--fail-rate", "2"], 64), (["--latency-ms", "-1"], 64),
            (["--seed", "lots"], 64), (["--token", ""], 64), (["--signature-key", "k"], 64),
            (["--webhook-url", "ftp://x"], 64), (["--webhook-url", "http://127.0.0.1:9/hook"], 64),
        ]
        for (arguments, status) in attempts {
            let result = try await CLI.run(["sandbox"] + arguments, folder: folder)
            #expect(result.status == status, "\(arguments): \(result.all)")
            messages.append(result.stderr.components(separatedBy: "Usage:").first ?? result.stderr)
        }
        #expect(messages[0].contains("--data"), "\(messages[0])")
        messages += [
            SandboxError.unreadableDataFile(path: "f", reason: "r"), .unwritableDataFile(path: "f", reason: "r"),
            .notListening(reason: "r"), .badWebhook("u"),
        ].map(\.description)
        for message in messages {
            let unknown = Self.flags(in: message).subtracting(options)
            #expect(unknown.isEmpty, "“\(message)” names \(unknown.sorted()), which catalog sandbox does not have")
        }
    }

    @Test func theReadmeListsEveryExitCodeTheToolUses() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section =
            try #require(readme.components(separatedBy: "### Exit codes").dropFirst().first)
            .components(separatedBy: "\n## ").first ?? ""
        let listed = Set(section.matches(of: /\| (\d+) \|/).compactMap { Int32($0.output.1) })
        #expect(listed == Set([0] + ExitStatus.allCases.map(\.rawValue)), "README lists \(listed.sorted())")
        // Every exit goes through ExitStatus: no bare number, which the table could miss.
        let sources = Self.root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        for name in files where name.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(name), encoding: .utf8)
            guard text.contains("xitCode") else { continue }
            let bare = text.matches(of: /exitCode: \d+|ExitCode\(\d+\)/).map { String($0.output) }
            #expect(bare.isEmpty, "\(name) ends with a bare number: \(bare)")
        }
        #expect(section.contains("CUPS") && section.contains("scanner"), "69 is not only Square")
    }

    @Test func searchHereSaysTheMatchesAreNotSoldHereInsteadOfAskingForASync() async throws {
        let shop = try await DemoShop.start()
        try await cleaningUp({ await shop.stop() }) {
            #expect(try await shop.catalog("sync").status == 0)
            // The demo shop's gloss paints are sold at High Street only.
            let everywhere = try await shop.catalog("search", "gloss", "--location", "Market Hall")
            #expect(everywhere.status == 0 && everywhere.stdout.contains("not sold here"), "\(everywhere.all)")
            let here = try await shop.catalog("search", "gloss", "--here", "--location", "Market Hall")
            #expect(here.status == 1, "\(here.all)")
            #expect(here.stderr.contains("matches are not sold at Market Hall"), "\(here.all)")
            #expect(here.stderr.contains("without --here") && !here.stderr.contains("catalog sync"), "\(here.all)")
        }
    }

    @Test func pairingWithADatabaseThatDoesNotExistIsRefusedAndCreatesNothing() async throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("no-such-hub.sqlite").path
        for arguments in [["devices", "pair", "--db", missing], ["devices", "list", "--db", missing]] {
            let result = try await CLI.run(arguments, folder: folder)
            #expect(result.status == 66, "\(result.all)")
            #expect(result.stderr.contains("There is no hub database at \(missing)"), "\(result.all)")
            #expect(!result.stdout.contains("Pairing code"))
            #expect(!FileManager.default.fileExists(atPath: missing))
        }
    }
}
