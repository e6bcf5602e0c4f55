import CatalogCore
import CatalogTestSupport
import Foundation
import Testing

@Suite struct ConfigurationTests {
    @Test func aWrongOrMissingTokenIsOneLineAndExit69WithoutTheToken() async throws {
        let shop = try await DemoShop.start(seed: .none)
        try await cleaningUp({ await shop.stop() }) {
            let secret = "wrong-token-7f3a9c"
            let wrong = try await shop.catalog("sync", environment: ["SQUARE_ACCESS_TOKEN": secret])
            #expect(wrong.status == 69)
            #expect(!wrong.all.contains(secret))
            #expect(!wrong.all.contains(DemoShop.token))
            #expect(wrong.stderr.split(separator: "\n").count == 1, "\(wrong.stderr)")

            let missing = try await shop.catalog("sync", environment: ["SQUARE_ACCESS_TOKEN": ""])
            #expect(missing.status == 69)
            #expect(missing.stderr.contains("SQUARE_ACCESS_TOKEN"))
        }
    }

    @Test func impossibleDatesAndEmptyLimitsAreUsageErrorsNotEmptyAnswers() async throws {
        let folder = try CLI.scratch()
        let environment = ["CATALOG_DB": folder.appendingPathComponent("c.sqlite").path]
        for (arguments, option) in [
            (["history", "--since", "2026-11-99"], "--since"), (["history", "--since", "2026-02-29"], "--since"),
            (["label", "render", "--changed-since", "2026-13-01", "--output", "x.pdf"], "--changed-since"),
            (["reorder", "history", "--limit", "0"], "--limit"),
        ] {
            let result = try await CLI.run(arguments, environment: environment, folder: folder)
            #expect(result.status == 64, "\(arguments): \(result.all)")
            #expect(result.stderr.contains(option), "\(arguments): \(result.all)")
        }
        let leapDay = try await CLI.run(["history", "--since", "2028-02-29"], environment: environment, folder: folder)
        #expect(leapDay.status == 0, "\(leapDay.all)")
    }

    @Test func anUnreachableSquareNamesTheURL() async throws {
        let folder = try CLI.scratch()
        let result = try await CLI.run(
            ["sync"],
            environment: [
                "SQUARE_BASE_URL": "http://127.0.0.1:9", "SQUARE_ACCESS_TOKEN": "x",
                "CATALOG_DB": folder.appendingPathComponent("c.sqlite").path,
            ], folder: folder)
        #expect(result.status == 69)
        #expect(result.stderr.contains("127.0.0.1:9"))
    }

    @Test func aTokenFileOthersCanReadIsRefused() async throws {
        let shop = try await DemoShop.start(seed: .none)
        try await cleaningUp({ await shop.stop() }) {
            let tokenFile = shop.folder.appendingPathComponent("token")
            try (DemoShop.token + "\n").write(to: tokenFile, atomically: true, encoding: .utf8)
            let config = shop.folder.appendingPathComponent("config.yaml")
            try "square:\n  base_url: \(shop.server.baseURL.absoluteString)\n  access_token_file: \(tokenFile.path)\n"
                .write(to: config, atomically: true, encoding: .utf8)

            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: tokenFile.path)
            let open = try await CLI.run(
                ["sync", "--config", config.path, "--db", shop.database], folder: shop.folder)
            #expect(open.status == 78)
            #expect(open.stderr.contains("chmod 600"))
            #expect(!open.all.contains(DemoShop.token))

            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: tokenFile.path)
            let closed = try await CLI.run(
                ["sync", "--config", config.path, "--db", shop.database], folder: shop.folder)
            #expect(closed.status == 0, "\(closed.all)")
        }
    }

    @Test func flagsBeatEnvironmentWhichBeatsTheConfigFile() async throws {
        let shop = try await DemoShop.start(seed: .none)
        try await cleaningUp({ await shop.stop() }) {
            let home = shop.folder.appendingPathComponent("home")
            let configFolder = home.appendingPathComponent(".config/catalog")
            try FileManager.default.createDirectory(at: configFolder, withIntermediateDirectories: true)
            let fromFile = shop.folder.appendingPathComponent("from-file.sqlite").path
            let fromEnv = shop.folder.appendingPathComponent("from-env.sqlite").path
            let fromFlag = shop.folder.appendingPathComponent("from-flag.sqlite").path
            try "database: \(fromFile)\n".write(
                to: configFolder.appendingPathComponent("config.yaml"), atomically: true, encoding: .utf8)
            let base = ["SQUARE_BASE_URL": shop.server.baseURL.absoluteString, "SQUARE_ACCESS_TOKEN": DemoShop.token]

            #expect(try await CLI.run(["sync"], environment: base, folder: shop.folder).status == 0)
            #expect(FileManager.default.fileExists(atPath: fromFile))
            var env = base
            env["CATALOG_DB"] = fromEnv
            #expect(try await CLI.run(["sync"], environment: env, folder: shop.folder).status == 0)
            #expect(FileManager.default.fileExists(atPath: fromEnv))
            #expect(try await CLI.run(["sync", "--db", fromFlag], environment: env, folder: shop.folder).status == 0)
            #expect(FileManager.default.fileExists(atPath: fromFlag))

            let bad = try await CLI.run(
                ["sync", "--square-environment", "staging"], environment: env, folder: shop.folder)
            #expect(bad.status == 64)
        }
    }

    @Test func configMistakesNameTheFileTheLineAndTheKey() async throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let configFolder = folder.appendingPathComponent("home/.config/catalog")
        try FileManager.default.createDirectory(at: configFolder, withIntermediateDirectories: true)
        let config = configFolder.appendingPathComponent("config.yaml")
        let cases: [(String, String)] = [
            (
                "counter: till-1\ndatabse: /tmp/elsewhere.sqlite\n",
                "line 2: unknown key “databse”. Did you mean “database”?"
            ),
            ("reorder:\n  par_factor: -2\n", "line 2: reorder.par_factor must be between 1 and 100"),
            ("reorder:\n  par_factor: lots\n", "line 2: reorder.par_factor must be a number, not “lots”"),
            ("reorder:\n  paper: legal\n", "line 2: reorder.paper “legal” is not known"),
            ("square:\n  environment: staging\n", "line 2: square.environment is “staging”"),
            ("square:\n  base_url: ftp://x\n", "line 2: square.base_url “ftp://x” is not a Square API address"),
            ("labels:\n  templte: shelf-2x1\n", "line 2: unknown key “templte” under labels:"),
            ("database: [unclosed\n", "is not valid YAML"),
        ]
        for (text, message) in cases {
            try text.write(to: config, atomically: true, encoding: .utf8)
            let result = try await CLI.run(["reorder", "list"], folder: folder)
            #expect(result.status == 78, "\(text): \(result.all)")
            #expect(result.stderr.contains(config.path), "\(text): \(result.all)")
            #expect(result.stderr.contains(message), "\(text): \(result.all)")
            #expect(!result.stderr.contains("DecodingError") && !result.stderr.contains("--factor"), "\(result.all)")
        }
        // Nothing went ahead with a misread file: no database was made anywhere.
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("home/.local").path))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/elsewhere.sqlite"))
    }
}
