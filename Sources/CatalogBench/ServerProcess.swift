import CatalogApp
import Foundation
import SquareAPI
import Synchronization

/// A server the benchmark runs as a `catalog` child process (`catalog sandbox`, `catalog serve`), so what is
/// measured in one process is not disturbed by the other.
final class ServerProcess {
    let process = Process()
    let baseURL: URL

    /// The child's standard error as read so far (its last 64 KB), when `watchLog` asked for it.
    private let logText = LogText()

    /// Starts `catalog ARGUMENTS` and waits for its `listening on` line; `environment` replaces this
    /// process's, and `quiet` sends the child's standard error to /dev/null, or to the file `log` when given.
    /// With `watchLog` it is read as it comes (and still written to `log`), for `waitForLogLine(containing:)`.
    init(
        arguments: [String], environment: [String: String]? = nil, quiet: Bool = false, log: String? = nil,
        watchLog: Bool = false
    ) throws {
        let executable =
            try CatalogBinary.path()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if quiet { process.standardError = FileHandle.nullDevice }
        var logFile: FileHandle?
        if let log {
            guard FileManager.default.createFile(atPath: log, contents: nil),
                let file = FileHandle(forWritingAtPath: log)
            else {
                throw AppError(
                    "cannot write the log \(log): choose a file in a folder you can write to.", exitCode: .cannotCreate)
            }
            process.standardError = file
            logFile = file
        }
        if watchLog {
            let pipe = Pipe()
            process.standardError = pipe
            let (logText, logFile) = (logText, logFile)
            Thread.detachNewThread {
                let reading = pipe.fileHandleForReading
                while true {
                    let chunk = reading.availableData
                    if chunk.isEmpty { return }
                    logFile?.write(chunk)
                    logText.append(chunk)
                }
            }
        }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var buffer = Data()
        let handle = output.fileHandleForReading
        while true {
            let chunk = handle.availableData
            guard !chunk.isEmpty else {
                throw AppError(
                    "catalog \(arguments.first ?? "") ended before it was listening.", exitCode: .unavailable)
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
        throw AppError("catalog \(arguments.first ?? "") printed no address.", exitCode: .unavailable)
    }

    /// Starts a sandbox seeded with `variations` synthetic variations for a benchmark, and a client for it.
    static func forBenchmark(variations: Int, latencyMS: Int = 0) throws -> (ServerProcess, SquareClient) {
        let token = "bench-token"
        Terminal.error("bench: starting a sandbox with \(Terminal.count(variations)) variations ...")
        var arguments = ["sandbox", "--port", "0", "--seed", String(variations), "--token", token]
        if latencyMS > 0 { arguments += ["--latency-ms", String(latencyMS)] }
        let sandbox = try ServerProcess(arguments: arguments)
        let client = SquareClient(
            configuration: SquareClientConfiguration(baseURL: sandbox.baseURL, accessToken: token))
        return (sandbox, client)
    }

    /// The first line of the child's standard error that contains one of `needles`, once it has written
    /// one (`watchLog`); nil when it has not within `timeout`, or has ended.
    func waitForLogLine(containing needles: [String], timeout: Duration) async -> String? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let text = logText.text
            if let line = text.split(separator: "\n").first(where: { line in needles.contains { line.contains($0) } }) {
                return String(line)
            }
            guard process.isRunning else { return nil }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return nil
    }

    /// Stops the server: asked to end, then killed when it has not ended within five seconds (a server
    /// whose threads are all blocked cannot run its own shutdown).
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = ContinuousClock.now + .seconds(5)
        while process.isRunning, ContinuousClock.now < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { stop() }
}

/// What a watched child has written to its standard error: the last 64 KB, as text.
private final class LogText: Sendable {
    private let bytes = Mutex<[UInt8]>([])

    func append(_ chunk: Data) {
        bytes.withLock { kept in
            kept.append(contentsOf: chunk)
            if kept.count > 65_536 { kept.removeFirst(kept.count - 65_536) }
        }
    }

    var text: String { String(decoding: bytes.withLock { $0 }, as: UTF8.self) }
}
