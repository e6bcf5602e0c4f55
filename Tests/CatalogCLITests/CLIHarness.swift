import CatalogCore
import Foundation
import Sandbox
import SquareAPI

@testable import CatalogCLI

/// What a run of the real `catalog` binary printed and how it exited.
struct CLIResult {
    var status: Int32
    var stdout: String
    var stderr: String
    var all: String { stdout + stderr }
}

/// Runs `catalog` as a person or a script would: in this process when the command can (`InProcess`), with
/// the same parsing, output and exit status as the binary, else by launching the built executable.
enum CLI {
    /// The binary under test: `CATALOG_BIN`, else the debug build next to this package.
    static var binary: String {
        if let path = ProcessInfo.processInfo.environment["CATALOG_BIN"] { return path }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/catalog").path
    }

    /// A scratch folder with a HOME inside, so no real configuration leaks into a test.
    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cli-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("home"), withIntermediateDirectories: true)
        return folder
    }

    static func run(
        _ arguments: [String], environment: [String: String] = [:], folder: URL, binary: String = CLI.binary
    ) async throws -> CLIResult {
        if binary == CLI.binary,
            let ran = await InProcess.run(
                arguments, environment: Self.environment(folder: folder, adding: environment), directory: folder.path)
        {
            return CLIResult(status: ran.status, stdout: ran.stdout, stderr: ran.stderr)
        }
        return try await launch(arguments, environment: environment, folder: folder, binary: binary).finish()
    }

    /// The environment a run sees: HOME in the scratch folder, a bare PATH, then `environment`.
    static func environment(folder: URL, adding environment: [String: String]) -> [String: String] {
        var env = ["HOME": folder.appendingPathComponent("home").path, "PATH": "/usr/bin:/bin"]
        env.merge(environment) { $1 }
        return env
    }

    /// Starts `catalog` without waiting for it: for tests that run several at once or kill one.
    static func launch(
        _ arguments: [String], environment: [String: String] = [:], folder: URL, binary: String = CLI.binary
    ) throws -> RunningCLI {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        // Relative paths (an --output FILE, a CSV to import) land in the scratch folder.
        process.currentDirectoryURL = folder
        process.environment = Self.environment(folder: folder, adding: environment)
        let out = folder.appendingPathComponent("stdout-\(UUID().uuidString)")
        let err = folder.appendingPathComponent("stderr-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        return RunningCLI(process: process, out: out, err: err)
    }
}

/// A `catalog` process started by `CLI.launch`.
struct RunningCLI {
    let process: Process
    let out: URL
    let err: URL

    var pid: Int32 { process.processIdentifier }

    /// Waits for the process to end and reads what it printed.
    func finish() async throws -> CLIResult {
        while process.isRunning { try await Task.sleep(for: .milliseconds(20)) }
        return CLIResult(
            status: process.terminationStatus, stdout: try String(contentsOf: out, encoding: .utf8),
            stderr: try String(contentsOf: err, encoding: .utf8))
    }
}

/// A sandbox with the demo shop and the environment that points `catalog` at it.
struct DemoShop {
    static let token = "cli-test-token-5e3f"
    let server: SandboxServer
    let folder: URL

    static func start(seed: SandboxSeed = .demo) async throws -> DemoShop {
        DemoShop(
            server: try await SandboxServer.start(SandboxConfiguration(port: 0, token: token, seed: seed)),
            folder: try CLI.scratch())
    }

    var database: String { folder.appendingPathComponent("catalog.sqlite").path }

    var environment: [String: String] {
        ["SQUARE_BASE_URL": server.baseURL.absoluteString, "SQUARE_ACCESS_TOKEN": Self.token, "CATALOG_DB": database]
    }

    var client: SquareClient {
        SquareClient(configuration: SquareClientConfiguration(baseURL: server.baseURL, accessToken: Self.token))
    }

    func catalog(_ arguments: String..., environment extra: [String: String] = [:]) async throws -> CLIResult {
        try await catalog(arguments, environment: extra)
    }

    func catalog(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> CLIResult {
        try await CLI.run(arguments, environment: environment.merging(extra) { $1 }, folder: folder)
    }

    func stop() async {
        await server.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}
