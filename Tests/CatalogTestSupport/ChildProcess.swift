import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What a finished child process printed and how it ended.
public struct ChildResult: Sendable {
    /// The exit status, or the signal number when `signalled`.
    public var status: Int32
    /// Whether a signal ended it.
    public var signalled: Bool
    public var stdout: String
    public var stderr: String

    /// Standard output, then standard error.
    public var output: String { stdout + stderr }
}

/// A tool a test ran that failed.
public struct ChildProcessError: Error, CustomStringConvertible {
    public var description: String

    public init(description: String) { self.description = description }
}

/// Child processes for tests, awaited without blocking a thread.
///
/// Swift's cooperative pool has one thread per core; a test that waits for a child with
/// `waitUntilExit` or `readDataToEndOfFile` holds one of them, and on a 2-core machine two such tests
/// stall every other test (and the in-process sandboxes they talk to). Here the end of the child is
/// reported by Foundation's termination handler, and its output goes to files read afterwards, so no
/// pipe can fill up either.
public final class ChildProcess: @unchecked Sendable {
    private let process = Process()
    private let stdoutURL: URL
    private let stderrURL: URL
    private let lock = NSLock()
    private var ended: (status: Int32, signalled: Bool)?
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Starts `executable` (a path, or a name looked up on PATH) with `arguments`.
    ///
    /// - Parameters:
    ///   - environment: the child's whole environment; nil inherits this process's.
    ///   - directory: the working directory; nil keeps this process's.
    ///   - input: bytes written to the child's standard input (nothing: /dev/null).
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        directory: URL? = nil, input: Data? = nil
    ) throws {
        let scratch = FileManager.default.temporaryDirectory
        let id = UUID().uuidString
        stdoutURL = scratch.appendingPathComponent("child-\(id).out")
        stderrURL = scratch.appendingPathComponent("child-\(id).err")
        FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: Self.resolve(executable, environment: environment))
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
        process.standardError = try FileHandle(forWritingTo: stderrURL)
        if let input {
            let inputURL = scratch.appendingPathComponent("child-\(id).in")
            try input.write(to: inputURL)
            process.standardInput = try FileHandle(forReadingFrom: inputURL)
            defer { try? FileManager.default.removeItem(at: inputURL) }
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        process.terminationHandler = { [weak self] finished in
            self?.finish(status: finished.terminationStatus, signalled: finished.terminationReason == .uncaughtSignal)
        }
        try process.run()
    }

    /// Runs a child to its end: its status and output.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        directory: URL? = nil, input: Data? = nil
    ) async throws -> ChildResult {
        try await ChildProcess(executable, arguments, environment: environment, directory: directory, input: input)
            .result()
    }

    /// Runs a tool and returns its standard output; throws with its standard error when it exits other
    /// than 0 (or than one of `allowed`).
    @discardableResult
    public static func output(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        allowed: Set<Int32> = [0]
    ) async throws -> String {
        let result = try await run(executable, arguments, environment: environment)
        guard !result.signalled, allowed.contains(result.status) else {
            let how = result.signalled ? "was killed by signal \(result.status)" : "exited \(result.status)"
            throw ChildProcessError(
                description: "\(executable) \(arguments.first ?? "") \(how): \(result.stderr)")
        }
        return result.stdout
    }

    /// The child's process id.
    public var pid: Int32 { process.processIdentifier }

    /// Whether it has not ended yet.
    public var isRunning: Bool { lock.withLock { ended == nil } }

    /// Sends `signal` to the child (if it is still running).
    public func send(_ signal: Int32) {
        if isRunning { kill(pid, signal) }
    }

    /// Waits for the end; returns the status (or signal) and what it printed. The output files are removed.
    public func result() async throws -> ChildResult {
        await waitForEnd()
        let (status, signalled) = lock.withLock { ended ?? (0, false) }
        defer {
            try? FileManager.default.removeItem(at: stdoutURL)
            try? FileManager.default.removeItem(at: stderrURL)
        }
        return ChildResult(
            status: status, signalled: signalled,
            stdout: (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "")
    }

    /// Waits for the end, up to `seconds`; whether it ended.
    public func waitForEnd(seconds: Double) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while isRunning, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        return !isRunning
    }

    private func waitForEnd() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = lock.withLock {
                if ended == nil { waiters.append(continuation) }
                return ended != nil
            }
            if done { continuation.resume() }
        }
    }

    private func finish(status: Int32, signalled: Bool) {
        let waiting = lock.withLock {
            ended = (status, signalled)
            defer { waiters = [] }
            return waiters
        }
        for waiter in waiting { waiter.resume() }
    }

    /// `executable` itself when it holds a slash, else its path on PATH (the child's, or this process's).
    static func resolve(_ executable: String, environment: [String: String]?) -> String {
        if executable.contains("/") { return executable }
        let path = environment?["PATH"] ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(executable)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return "/usr/bin/\(executable)"
    }
}
