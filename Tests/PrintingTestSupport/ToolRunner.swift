import Foundation

/// Runs the CUPS command-line tools (lpadmin, lpstat, cupsdisable, ...) for the private cupsd.
enum ToolRunner {
    /// What a finished tool left behind.
    struct Result: Sendable {
        let status: Int32
        let output: String
    }

    /// Runs `tool` with `arguments` and `environment` added to this process's environment, and waits for it.
    static func run(_ tool: String, _ arguments: [String], environment: [String: String]) async throws -> Result {
        let outputURL = FileManager.default.temporaryDirectory
            .appendingPathComponent("catalog-tool-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: outputURL) }
        let handle = try FileHandle(forWritingTo: outputURL)
        defer { try? handle.close() }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: resolve(tool))
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { finished in continuation.resume(returning: finished.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        let output = (try? String(contentsOf: outputURL, encoding: .utf8)) ?? ""
        return Result(status: status, output: output)
    }

    /// Finds `tool` in /usr/sbin, /usr/bin or /sbin (lpadmin lives in /usr/sbin, which is not always on PATH).
    static func resolve(_ tool: String) -> String {
        if tool.hasPrefix("/") { return tool }
        for folder in ["/usr/sbin", "/usr/bin", "/sbin", "/bin", "/usr/local/bin", "/usr/local/sbin"] {
            let candidate = "\(folder)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return "/usr/bin/\(tool)"
    }
}
