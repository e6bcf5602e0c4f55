import ArgumentParser
import CatalogApp
import CommandSupport
import Foundation
import Sandbox

/// `catalog sandbox`: a local Square-compatible server for trying the tool and for tests.
struct SandboxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sandbox",
        abstract: "Run a local Square-compatible catalog server on 127.0.0.1.",
        discussion: """
            It answers the catalog, locations, inventory (counts and changes) and vendors endpoints with Square's rules \
            (versions, tombstones, cursors, idempotency keys). When it is ready it prints \
            `listening on http://127.0.0.1:PORT`. Point catalog at it with \
            SQUARE_BASE_URL=http://127.0.0.1:PORT SQUARE_ACCESS_TOKEN=<token>. With --webhook-url \
            and a signature key it posts Square-signed catalog.version.updated events after every write, \
            for `catalog webhook serve`. Stop it with Ctrl-C.
            """
    )

    @Option(help: "TCP port on 127.0.0.1 (0 picks a free one).")
    var port = 8765

    @Option(help: "The access token clients must send.")
    var token = "sandbox-token"

    @Option(help: ArgumentHelp("demo (a small shop), none, or a number N of synthetic variations.", valueName: "seed"))
    var seed = "demo"

    @Option(help: ArgumentHelp("Keep the catalog in this file across restarts.", valueName: "file"))
    var data: String?

    @Option(help: "Fraction (0 to 1) of requests answered 500.")
    var failRate = 0.0

    @Option(help: "Answer every Nth request 429 with Retry-After (0: never).")
    var rateLimitEvery = 0

    @Option(help: "Milliseconds of delay before every response.")
    var latencyMs = 0

    @Option(help: "Drop the connection part way through every Nth response (0: never).")
    var dropEvery = 0

    @Option(
        help: ArgumentHelp(
            "A fault to inject: bad-object:ID sends that catalog object damaged in every read (repeat for several).",
            valueName: "fault"))
    var fault: [String] = []

    @Option(help: ArgumentHelp("Seconds a catalog cursor stays valid (0: forever).", valueName: "seconds"))
    var cursorTTL = 0.0

    @Option(
        help: ArgumentHelp(
            "Seconds the sandbox's clock is ahead of this machine's (negative: behind), for its versions, "
                + "timestamps and Square's 24-hour window on inventory changes.", valueName: "seconds"))
    var clockOffset = 0.0

    @OptionGroup var webhook: SandboxWebhookOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535, not \(port).") }
        guard (0...1).contains(failRate) else { throw ValidationError("--fail-rate must be 0 to 1, not \(failRate).") }
        guard rateLimitEvery >= 0, latencyMs >= 0, dropEvery >= 0 else {
            throw ValidationError("--rate-limit-every, --latency-ms and --drop-every cannot be negative.")
        }
        _ = try Self.parseSeed(seed)
        _ = try badObjects()
        guard cursorTTL >= 0 else { throw ValidationError("--cursor-ttl cannot be negative.") }
        guard clockOffset.isFinite, abs(clockOffset) <= 100 * 365 * 86_400 else {
            throw ValidationError("--clock-offset must be a number of seconds within 100 years.")
        }
        guard !token.isEmpty else { throw ValidationError("--token cannot be empty.") }
        _ = try webhook.target()
    }

    /// The ids --fault bad-object:ID names.
    func badObjects() throws -> Set<String> {
        Set(
            try fault.map { text in
                guard text.hasPrefix("bad-object:"), text.count > 11 else {
                    throw ValidationError(
                        "--fault \(Terminal.echo(text)) is not known: the sandbox has bad-object:OBJECT_ID.")
                }
                return String(text.dropFirst(11))
            })
    }

    static func parseSeed(_ text: String) throws -> SandboxSeed {
        switch text.lowercased() {
        case "demo": return .demo
        case "none": return SandboxSeed.none
        default:
            guard let count = Int(text), count >= 0, count <= 2_000_000 else {
                throw ValidationError(
                    "--seed must be demo, none or a number of variations (0 to 2000000), not “\(Terminal.echo(text))”.")
            }
            return .synthetic(variations: count)
        }
    }

    /// Why the sandbox did not start: its data file (named with --data), or the port.
    static func startFailure(_ error: any Error, port: Int) -> AppError {
        switch error as? SandboxError {
        case .unreadableDataFile?: return AppError("\(error)", exitCode: .dataError)
        case .unwritableDataFile?: return AppError("\(error)", exitCode: .cannotCreate)
        case .badWebhook?: return AppError("\(error)", exitCode: .usage)
        case .notListening?: return AppError("\(error)", exitCode: .unavailable)
        case nil:
            return AppError(
                "Cannot start the sandbox on 127.0.0.1:\(port): \(error). Pick another --port or 0 for a free one.",
                exitCode: .unavailable)
        }
    }

    func run() async throws {
        try await reportingErrors {
            let faults = SandboxFaults(
                failRate: failRate, rateLimitEvery: rateLimitEvery, latencyMs: latencyMs, dropEvery: dropEvery,
                badObjects: try badObjects(), cursorTTLSeconds: cursorTTL)
            let events = try webhook.target()
            let configuration = SandboxConfiguration(
                port: port, token: token, seed: try Self.parseSeed(seed), dataFile: data, faults: faults,
                webhookURL: events?.url, signatureKey: events?.key, clockOffset: clockOffset)
            let server: SandboxServer
            do {
                server = try await SandboxServer.start(configuration)
            } catch {
                throw Self.startFailure(error, port: port)
            }
            Terminal.out("listening on \(server.baseURL.absoluteString)")
            await Signals.waitForTermination()
            await server.stop()
        }
    }
}
