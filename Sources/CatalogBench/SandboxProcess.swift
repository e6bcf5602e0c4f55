import CatalogApp
import Foundation
import SquareAPI

/// A `catalog sandbox` child process, so a benchmark measures the client's memory on its own.
final class SandboxProcess {
    let process = Process()
    let baseURL: URL

    /// Starts `catalog sandbox --port 0` with `arguments` and waits for its `listening on` line.
    init(arguments: [String]) throws {
        let executable =
            try CatalogBinary.path()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["sandbox", "--port", "0"] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var buffer = Data()
        let handle = output.fileHandleForReading
        while true {
            let chunk = handle.availableData
            guard !chunk.isEmpty else {
                throw AppError("The sandbox process ended before it was ready.", exitCode: .unavailable)
            }
            buffer.append(chunk)
            if let text = String(data: buffer, encoding: .utf8), let range = text.range(of: "listening on ") {
                let rest = text[range.upperBound...]
                guard let end = rest.firstIndex(of: "\n") else { continue }
                guard let url = URL(string: String(rest[..<end])) else { break }
                baseURL = url
                return
            }
        }
        throw AppError("The sandbox process printed no address.", exitCode: .unavailable)
    }

    /// Starts a sandbox seeded with `variations` synthetic variations for a benchmark, and a client for it.
    static func forBenchmark(variations: Int) throws -> (SandboxProcess, SquareClient) {
        let token = "bench-token"
        Terminal.error("bench: starting a sandbox with \(Terminal.count(variations)) variations ...")
        let sandbox = try SandboxProcess(arguments: ["--seed", String(variations), "--token", token])
        let client = SquareClient(
            configuration: SquareClientConfiguration(baseURL: sandbox.baseURL, accessToken: token))
        return (sandbox, client)
    }

    /// Stops the child and waits for it.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    deinit { stop() }
}
