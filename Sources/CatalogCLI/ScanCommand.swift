import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Foundation
import Labels
import Scanner
import SquareAPI

/// `catalog scan`: the counter — read scans, look each up, act by mode.
struct ScanCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Read barcode scans, look each one up in the local catalog and act on it.",
        discussion: """
            Each scan prints one line, outcome first (FOUND, UNKNOWN, a mode change), or with --json one \
            object: {code, symbology, time, match, action, mode}. A found item rings the terminal bell \
            once, an unknown code or a failure twice (--quiet: never). Unknown codes stay in the scan \
            log (catalog scans --unknown). Scanning a command barcode (catalog label commands) switches \
            the mode or sets the quantity.
            Modes: lookup shows the item; reorder adds one (or the scanned quantity) to the reorder list; \
            label prints its label; receive adds the stock in Square at --location (see catalog reorder \
            receive) and books it against the reorder list; count counts one (or the scanned quantity) into \
            the stock count open at --location (see catalog count) and shows the running totals.
            Scans that arrive while an action runs (a label job, a receipt sent to Square) wait in order; \
            none is dropped.
            Without --device, the input device that looks like a scanner is used (see --list-devices); it \
            is grabbed so scans never reach other programs, reopened after an unplug, and released on \
            Ctrl-C. --events FILE (or - for standard input) replays a recorded input_event stream through \
            the same decoder instead: for demos, tests and bug reports; --record FILE writes one. From \
            standard input it is read as it arrives.
            --hub URL makes this a remote counter of the shop's hub (catalog serve): each scan is kept on \
            this computer, posted to the hub in order and the hub's answer printed; the hub decides what a \
            scan does. Pair once with --pair CODE (a code from catalog devices pair on the hub), or give --hub \
            the pairing address it prints; the key is kept in hub.json beside the configuration file. On an \
            https hub the counter then trusts only the hub's certificate authority, checked at pairing against \
            --ca-sha256 (or the address's #ca=), else shown and kept on first use. Scans made while the hub cannot be reached wait \
            here and go in order when it is back, each exactly once. A replay waits until the hub has every \
            scan; Ctrl-C leaves the rest kept for the next run (exit 75).
            """
    )

    @OptionGroup var options: GlobalOptions

    @Option(
        help: ArgumentHelp(
            "Replay a recorded event stream (24-byte input_event records); - reads stdin.", valueName: "file"))
    var events: String?

    @Option(
        help: ArgumentHelp(
            "The scanner's event device (default: the one that looks like a scanner).", valueName: "path"))
    var device: String?

    @Flag(help: "List the input devices, marking those that look like a scanner, and exit.")
    var listDevices = false

    @Flag(help: "Do not grab the device: scans then also reach other programs as typing.")
    var noGrab = false

    @Option(help: ArgumentHelp("Also write the raw event stream to this file (for a bug report).", valueName: "file"))
    var record: String?

    @Option(
        help:
            "What a scanned item does: lookup, reorder, label (print its label), receive (into stock) or count (stock)."
    )
    var mode: String = "lookup"

    @Option(help: ArgumentHelp("The location stock is received at in receive mode (name or id).", valueName: "name"))
    var location: String?

    @Option(help: "The keyboard layout the scanner is set to: us, de, fr or uk.")
    var layout: String = "us"

    @Option(help: "The fewest characters a scan has.")
    var minLength = 4

    @Option(help: "The longest gap between a scan's characters, in milliseconds.")
    var maxGapMs = 50

    @OptionGroup var label: LabelOptions

    @Option(help: ArgumentHelp("The printer for label mode (see catalog printers).", valueName: "name"))
    var printer: String?

    @Option(
        help: ArgumentHelp(
            "Send each scan to the shop's hub (catalog serve) at this address and print its answer; CATALOG_HUB "
                + "sets it too.", valueName: "url"))
    var hub: String?

    @Option(
        help: ArgumentHelp(
            "Pair this counter with the hub first, with a code from catalog devices pair on the hub.",
            valueName: "code"))
    var pair: String?

    @Option(
        name: .customLong("ca-sha256"),
        help: ArgumentHelp(
            "With --pair on an https hub: the fingerprint of the hub's certificate authority that catalog devices "
                + "pair shows; the hub must show that one.", valueName: "hex"))
    var caSHA256: String?

    @Flag(help: "One JSON object per scan.")
    var json = false

    @Flag(help: "No terminal bell.")
    var quiet = false

    func validate() throws {
        guard CounterMode(rawValue: mode) != nil else {
            throw ValidationError("--mode must be \(CounterMode.names), not “\(Terminal.echo(mode))”.")
        }
        guard KeyboardLayout.named(layout) != nil else {
            throw ValidationError("--layout must be us, de, fr or uk, not “\(Terminal.echo(layout))”.")
        }
        guard minLength >= 1, (1...1000).contains(maxGapMs) else {
            throw ValidationError("--min-length must be at least 1 and --max-gap-ms 1 to 1000.")
        }
        if events != nil, device != nil || record != nil {
            throw ValidationError("--events replays a file; it cannot be combined with --device or --record.")
        }
    }

    var runsInProcess: Bool {
        // A live device waits for Ctrl-C and standard input is the process's own: both launch the binary.
        listDevices || (events != nil && events != "-" && hub == nil)
    }
    /// A scanner loop runs for the day: its look-ups go through reading connections that map the file, and
    /// never wait for a write the same process makes (a scan received, a label job).
    var connections: DatabaseConnections { .pool }

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        if listDevices {
            Self.printDevices(json: json, output: output)
            return
        }
        if let hub = hub ?? context.environment["CATALOG_HUB"].flatMap({ $0.isEmpty ? nil : $0 }) {
            try await runRemote(hub: hub, context: context, output: output)
            return
        }
        if pair != nil { throw AppError("--pair pairs this counter with a hub: give --hub too.", exitCode: .usage) }
        let wantsLabels = label.template != nil || context.settings.labels.template != nil || mode == "label"
        var (session, off) = try await CounterSession.start(
            counter: context.counter, context: context, location: location,
            labels: wantsLabels ? label.request : nil, printer: printer)
        // A mode asked for that cannot work, and a template given that cannot be loaded, end the command with
        // their own error (and exit status) before the first scan.
        if let wanted = CounterMode(rawValue: mode), let failure = off[wanted] { throw failure }
        if wantsLabels, let failure = off[.label] { throw failure }
        if let wanted = CounterMode(rawValue: mode), let refusal = session.switchMode(to: wanted) {
            throw AppError("--mode \(mode): \(refusal)", exitCode: .usage)
        }
        try await readScans(context, output) { scan in
            let outcome = try await session.handle(scan)
            if json { output.out(outcome.json) } else { output.out(outcome.text) }
            ring(outcome.match != nil && !outcome.failed ? 1 : outcome.failed ? 2 : 0, output)
        }
    }

    /// The scan pipeline the options describe.
    var pipeline: ScanPipeline {
        let configuration = ScanConfiguration(minimumLength: minLength, maximumGap: .milliseconds(maxGapMs))
        return ScanPipeline(layout: KeyboardLayout.named(layout) ?? .us, configuration: configuration)
    }

    /// Reads scans from the device, or from the recorded stream --events names, and hands each to `deliver`
    /// in order; a failure to deliver one ends the replay but not the live counter.
    func readScans(_ context: AppContext, _ output: CommandOutput, _ deliver: (Scan) async throws -> Void)
        async throws
    {
        guard let events else {
            try await readDevice(recordPath: record.map(context.path), output: output, deliver: deliver)
            return
        }
        for try await event in ScanStream.replaying(
            Self.eventBytes(events, at: context.path(events)), pipeline: pipeline)
        {
            try await act(on: event, output, deliver: deliver)
        }
    }

    /// Hands a scan to `deliver`; says what else the stream saw.
    func act(on event: ScanStreamEvent, _ output: CommandOutput, deliver: (Scan) async throws -> Void) async throws {
        switch event {
        case .detected(.scan(let scan)):
            try await deliver(scan)
        case .detected(.humanTyping):
            output.error("catalog: typing on the scanner's device was ignored (not a scan: too slow).")
        case .detected(.dropped):
            output.error("catalog: the kernel dropped input events; a scan in progress was discarded, scan it again.")
            ring(2, output)
        case .disconnected(let reason):
            output.error("catalog: the scanner went away (\(reason)); waiting for it to come back.")
            ring(2, output)
        case .reconnected(let name):
            output.error("catalog: the scanner is back (\(name)).")
        case .reopenFailed(let error):
            output.error("catalog: \(error.description)")
        case .partialRecord(let count):
            output.error(
                "catalog: the event stream ended with \(count) bytes of a partial record; they were ignored.")
        }
    }

    /// Rings the terminal bell `times` times on a terminal, unless --quiet or --json.
    func ring(_ times: Int, _ output: CommandOutput) { Self.ring(times, json: json, quiet: quiet, output: output) }

    static func ring(_ times: Int, json: Bool, quiet: Bool, output: CommandOutput) {
        // The bell is a control character the output would show as text, so it goes to stderr itself; only
        // when that is the terminal the output writes to.
        guard times > 0, !quiet, !json, output.errorIsTerminal else { return }
        FileHandle.standardError.write(Data(String(repeating: "\u{07}", count: times).utf8))
    }

    /// The recorded stream `given` names (at `path`) in pieces as they can be read: a file at once, standard
    /// input (`-`) as it arrives, so scans piped in live are handled as they come.
    static func eventBytes(_ given: String, at path: String) -> AsyncThrowingStream<[UInt8], any Error> {
        AsyncThrowingStream { continuation in
            guard path == "-" else {
                if let file = FileHandle(forReadingAtPath: path), let data = try? file.readToEnd() ?? Data() {
                    continuation.yield(Array(data))
                    continuation.finish()
                } else {
                    continuation.finish(
                        throwing: AppError(
                            "Cannot read the event stream \(given): no such file or not readable.", exitCode: .noInput))
                }
                return
            }
            let thread = Thread {
                var buffer = [UInt8](repeating: 0, count: 24 * 256)
                while true {
                    let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else { break }
                    continuation.yield(Array(buffer[0..<count]))
                }
                continuation.finish()
            }
            thread.start()
        }
    }
}
