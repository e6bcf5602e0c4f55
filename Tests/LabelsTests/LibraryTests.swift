import Foundation
import Testing

@testable import Labels

@Suite("Template library: lookup order, listing and shadowing")
struct LibraryTests {
    /// A temp HOME with a user template shadowing a stock one, and a CATALOG_LABELS_DIR.
    struct Setup {
        let root: String
        let home: String
        let userFolder: String
        let envFolder: String
        let library: TemplateLibrary

        init() throws {
            root = try TemplateFixtures.temporaryFolder()
            home = root + "/home"
            userFolder = home + "/.config/catalog/labels"
            envFolder = root + "/env-labels"
            let manager = FileManager.default
            try manager.createDirectory(atPath: userFolder, withIntermediateDirectories: true)
            try manager.createDirectory(atPath: envFolder, withIntermediateDirectories: true)
            let user = TemplateFixtures.valid.replacingOccurrences(of: "summary: test tag", with: "summary: mine")
            try user.write(toFile: userFolder + "/shelf-2x1.yaml", atomically: true, encoding: .utf8)
            try TemplateFixtures.valid.write(toFile: userFolder + "/my-tag.yaml", atomically: true, encoding: .utf8)
            try TemplateFixtures.valid.write(toFile: envFolder + "/env-tag.yaml", atomically: true, encoding: .utf8)
            try TemplateFixtures.valid.write(toFile: envFolder + "/my-tag.yaml", atomically: true, encoding: .utf8)
            try "size: 2in\n".write(toFile: envFolder + "/broken.yaml", atomically: true, encoding: .utf8)
            let repo = URL(fileURLWithPath: TemplateFixtures.stockFolder).deletingLastPathComponent().path
            library = TemplateLibrary(
                environment: ["HOME": home, "CATALOG_LABELS_DIR": envFolder],
                executablePath: repo + "/.build/debug/catalog", systemFolders: [root + "/system"])
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    @Test("folders are searched user, environment, stock, system")
    func order() throws {
        let setup = try Setup()
        defer { setup.remove() }
        #expect(setup.library.folders.map(\.origin) == [.user, .environment, .stock, .system])
        #expect(setup.library.folders[2].path == TemplateFixtures.stockFolder)
        #expect(try setup.library.path(for: "shelf-2x1") == setup.userFolder + "/shelf-2x1.yaml")
        #expect(try setup.library.template(named: "shelf-2x1").summary == "mine")
        #expect(try setup.library.path(for: "my-tag") == setup.userFolder + "/my-tag.yaml")
        #expect(try setup.library.path(for: "env-tag") == setup.envFolder + "/env-tag.yaml")
        #expect(try setup.library.path(for: "dymo-30334") == TemplateFixtures.stockFolder + "/dymo-30334.yaml")
        #expect(try setup.library.template(named: "dymo-30334").dpi == 300)
    }

    @Test("a path is read as a file, not looked up")
    func path() throws {
        let setup = try Setup()
        defer { setup.remove() }
        let file = setup.envFolder + "/env-tag.yaml"
        #expect(try setup.library.template(named: file).name == "env-tag")
        let missing = try #require(throws: TemplateError.self) { try setup.library.path(for: "nowhere/tag.yaml") }
        #expect(missing.description == "nowhere/tag.yaml: no such template file. Check the path.")
        let broken = try #require(throws: TemplateError.self) { try setup.library.template(named: "broken") }
        #expect(broken.file == setup.envFolder + "/broken.yaml" && broken.field == "size")
    }

    @Test("an unknown name lists the available ones")
    func unknown() throws {
        let setup = try Setup()
        defer { setup.remove() }
        let error = try #require(throws: TemplateError.self) { try setup.library.path(for: "shelf-3x1") }
        #expect(error.file == "shelf-3x1")
        #expect(error.message.contains("there is no template by that name"))
        #expect(error.message.contains("broken, brother-62x29, dymo-30334, env-tag, my-tag, sale-2x1"))
        #expect(error.message.contains(setup.userFolder))
    }

    @Test("list puts user templates first and marks the shadowed ones")
    func list() throws {
        let setup = try Setup()
        defer { setup.remove() }
        let entries = setup.library.list()
        #expect(entries.prefix(2).map(\.name) == ["my-tag", "shelf-2x1"])
        #expect(entries.prefix(2).allSatisfy { $0.origin == .user && $0.shadowedBy == nil })
        let stockShelf = try #require(entries.first { $0.name == "shelf-2x1" && $0.origin == .stock })
        #expect(stockShelf.shadowedBy == setup.userFolder + "/shelf-2x1.yaml")
        let envMine = try #require(entries.first { $0.name == "my-tag" && $0.origin == .environment })
        #expect(envMine.shadowedBy == setup.userFolder + "/my-tag.yaml")
        let broken = try #require(entries.first { $0.name == "broken" })
        #expect(broken.template == nil && broken.error?.field == "size")
        #expect(entries.filter { $0.origin == .stock }.count == 5)
        #expect(entries.filter { $0.origin == .stock }.allSatisfy { $0.template != nil })
    }

    @Test("the stock folder is found walking up from a build folder, and missing variables are skipped")
    func stockFolder() throws {
        let root = try TemplateFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(
            atPath: root + "/repo/.build-release/release", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/repo/Labels", withIntermediateDirectories: true)
        try TemplateFixtures.valid.write(toFile: root + "/repo/Labels/a.yaml", atomically: true, encoding: .utf8)
        let found = TemplateLibrary.stockFolder(near: root + "/repo/.build-release/release/catalog")
        #expect(found == root + "/repo/Labels")
        #expect(TemplateLibrary.stockFolder(near: root + "/elsewhere/bin/catalog") == nil)
        let library = TemplateLibrary(environment: [:], executablePath: nil, systemFolders: [])
        #expect(library.folders.isEmpty)
        let executable = try #require(TemplateLibrary.currentExecutablePath())
        #expect(FileManager.default.fileExists(atPath: executable))
        #expect(TemplateLibrary.isPath("./x") && TemplateLibrary.isPath("x.yaml") && !TemplateLibrary.isPath("x"))
    }
}
