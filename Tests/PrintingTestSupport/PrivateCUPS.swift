import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A throw-away cupsd for tests: its own configuration, spool and logs in a temporary folder,
/// listening on a free 127.0.0.1 port, with label queues whose output goes to files or to an
/// in-process socket listener. Point libcups and the CUPS tools at it with `environment`. A test that starts
/// one says what it needs first (CatalogTestSupport's `RequiredTool.cupsd`, `.cupsClient`, `.dymoDriver`), so
/// that a missing tool fails it in CI and skips it elsewhere.
public final class PrivateCUPS: Sendable {
    /// The folder that holds the configuration, spool, logs and device output.
    public let base: URL
    /// The TCP port cupsd listens on (127.0.0.1 only).
    public let port: Int
    private let process: SpawnedProcess
    private let listeners = Mutex<[String: RawSocketListener]>([:])

    /// The process id of cupsd.
    public var processIdentifier: Int32 { process.pid }

    /// The server address in `host:port` form, as `CUPS_SERVER` and `cupsSetServer` take it.
    public var server: String { "127.0.0.1:\(port)" }

    /// The environment that points libcups and the CUPS tools at this server.
    public var environment: [String: String] { ["CUPS_SERVER": server] }

    private init(base: URL, port: Int, process: SpawnedProcess) {
        self.base = base
        self.port = port
        self.process = process
    }

    /// Writes the configuration into a new temporary folder, starts `cupsd -f` on a free port and
    /// waits until `lpstat -r` says the scheduler is running.
    public static func start() async throws -> PrivateCUPS {
        var lastLog = ""
        for _ in 0..<3 {
            let base = FileManager.default.temporaryDirectory
                .appendingPathComponent("catalog-cups-\(UUID().uuidString.prefix(8))")
            let port = try freePort()
            try PrivateCUPSConfiguration(base: base, port: port).write()
            let logPath = base.appendingPathComponent("log/stdout").path
            let process = try SpawnedProcess(
                path: ToolRunner.resolve("cupsd"),
                arguments: [
                    "-f", "-c", base.appendingPathComponent("cupsd.conf").path,
                    "-s", base.appendingPathComponent("cups-files.conf").path,
                ],
                logPath: logPath)
            let cups = PrivateCUPS(base: base, port: port, process: process)
            if await cups.waitUntilRunning() { return cups }
            lastLog = cups.log()
            await cups.stop()
        }
        throw PrivateCUPSError.cupsdDidNotStart(log: lastLog)
    }

    /// Adds a Zebra ZPL queue (CUPS's own `drv:///sample.drv/zebra.ppd`, 2x1 in labels at 203 dpi)
    /// whose output goes to the file `deviceOutput(name)` reads.
    public func addZebraQueue(name: String) async throws {
        try await addDriverQueue(
            name: name, model: "drv:///sample.drv/zebra.ppd", options: ["PageSize=w144h72", "Resolution=203dpi"])
    }

    /// Adds a DYMO LabelWriter 450 queue (Debian's printer-driver-dymo) loaded with 30334 labels
    /// (2.25x1.25 in), whose raster output goes to the file `deviceOutput(name)` reads.
    public func addDymoQueue(name: String) async throws {
        try await addDriverQueue(name: name, model: "dymo:0/cups/model/lw450.ppd", options: ["PageSize=w162h90.1"])
    }

    /// The PPD CUPS made for each driver model (`lpadmin -m`) in this process, kept for later queues.
    private static let madePPDs = Mutex<[String: Data]>([:])

    /// Adds a queue to the file `deviceOutput(name)` reads, with the printer driver `model` and `options`. The
    /// first queue of a model in this process has CUPS make its PPD (`-m`); later ones are given a copy of
    /// that PPD (`-P`, written in this cupsd's own folder): making Zebra's from CUPS's sample driver file
    /// took cups-driverd 0.6 CPU-seconds each time, 15 times in the Swift tests.
    private func addDriverQueue(name: String, model: String, options: [String]) async throws {
        let settings = options.flatMap { ["-o", $0] }
        if let ppd = Self.madePPDs.withLock({ $0[model] }) {
            let copy = base.appendingPathComponent("\(name)-driver.ppd")
            try ppd.write(to: copy)
            try await lpadmin(["-p", name, "-E", "-v", deviceURI(name), "-P", copy.path] + settings)
            return
        }
        try await lpadmin(["-p", name, "-E", "-v", deviceURI(name), "-m", model] + settings)
        guard let made = try? Data(contentsOf: base.appendingPathComponent("ppd/\(name).ppd")) else { return }
        Self.madePPDs.withLock { $0[model] = $0[model] ?? made }
    }

    /// Adds a raw queue to `socket://127.0.0.1:PORT`, where an in-process listener records each job's bytes.
    @discardableResult
    public func addRawSocketQueue(name: String) async throws -> RawSocketListener {
        let listener = try RawSocketListener()
        do {
            try await lpadmin(["-p", name, "-E", "-v", "socket://127.0.0.1:\(listener.port)", "-m", "raw"])
        } catch {
            listener.stop()
            throw error
        }
        listeners.withLock { $0[name] = listener }
        return listener
    }

    /// Stops a queue (`cupsdisable -r reason`): it still accepts jobs but holds them.
    public func stopQueue(name: String, reason: String = "Stopped by the test") async throws {
        try await tool("cupsdisable", ["-r", reason, name])
    }

    /// Makes a queue refuse new jobs (`cupsreject -r reason`).
    public func rejectJobs(name: String, reason: String = "Not accepting jobs in the test") async throws {
        try await tool("cupsreject", ["-r", reason, name])
    }

    /// Makes `name` the server's default destination (`lpadmin -d`).
    public func setDefault(name: String) async throws {
        try await lpadmin(["-d", name])
    }

    /// What the queue's device received: the output file of a file queue (the last job; CUPS
    /// rewrites it per job) or every byte a raw socket queue's listener got.
    public func deviceOutput(_ queue: String) -> [UInt8] {
        if let listener = listeners.withLock({ $0[queue] }) { return listener.received }
        guard let data = FileManager.default.contents(atPath: devicePath(queue)) else { return [] }
        return [UInt8](data)
    }

    /// The listener behind a raw socket queue, if `queue` is one.
    public func listener(for queue: String) -> RawSocketListener? {
        listeners.withLock { $0[queue] }
    }

    /// The scheduler's error log (useful in a failing test's message).
    public func log() -> String {
        let path = base.appendingPathComponent("log/error_log").path
        let stdout = base.appendingPathComponent("log/stdout").path
        return [path, stdout].compactMap { try? String(contentsOfFile: $0, encoding: .utf8) }.joined(separator: "\n")
    }

    /// Starts a private cupsd, runs `body` with it, and stops it (awaited) whether `body` returned or threw.
    public static func with<T>(
        isolation: isolated (any Actor)? = #isolation, _ body: (PrivateCUPS) async throws -> T
    ) async throws -> T {
        let cups = try await start()
        let value: T
        do {
            value = try await body(cups)
        } catch {
            await cups.stop()
            throw error
        }
        await cups.stop()
        return value
    }

    /// Stops cupsd by its PID, stops the listeners and removes the folder.
    public func stop() async {
        await process.terminate()
        for listener in listeners.withLock({ Array($0.values) }) { listener.stop() }
        try? FileManager.default.removeItem(at: base)
    }

    private func devicePath(_ queue: String) -> String {
        base.appendingPathComponent("out/\(queue).out").path
    }

    private func deviceURI(_ queue: String) -> String {
        "file://" + devicePath(queue)
    }

    private func lpadmin(_ arguments: [String]) async throws {
        try await tool("lpadmin", arguments)
    }

    private func tool(_ name: String, _ arguments: [String]) async throws {
        let result = try await ToolRunner.run(name, arguments, environment: environment)
        guard result.status == 0 else {
            throw PrivateCUPSError.toolFailed(
                command: ([name] + arguments).joined(separator: " "), status: result.status, output: result.output)
        }
    }

    private func waitUntilRunning() async -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, process.isRunning {
            if let result = try? await ToolRunner.run("lpstat", ["-r"], environment: environment),
                result.output.contains("scheduler is running")
            {
                return true
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    private static func freePort() throws -> Int {
        let listener = try RawSocketListener()
        defer { listener.stop() }
        return listener.port
    }
}
