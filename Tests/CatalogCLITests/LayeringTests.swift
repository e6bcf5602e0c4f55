import Foundation
import Testing

/// The command line is a front end over CatalogApp: every rule (a code's resolution, a price shown, what a
/// workflow writes) lives below it, so the CLI and the hub cannot disagree.
@Suite struct LayeringTests {
    @Test func noCommandLineFileReachesTheDatabaseOrTheSyncEngineItself() throws {
        let folder = MessageTests.root.appendingPathComponent("Sources/CatalogCLI")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 50, "the CLI's sources were not found in \(folder.path)")
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let imports = text.split(separator: "\n").filter {
                $0.hasPrefix("import ") || $0.hasPrefix("@testable import ")
            }
            for module in ["Store", "Sync"] {
                #expect(!imports.contains { $0.hasSuffix("import \(module)") }, "\(file) imports \(module)")
            }
            #expect(!text.contains("openDatabase("), "\(file) opens the database instead of calling CatalogApp")
        }
    }
}
