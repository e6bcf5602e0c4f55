import CatalogApp
import CatalogCore
import Foundation
import Scanner

extension ScanCommand {
    /// `catalog scan --hub URL`: a remote counter. Each scan is kept on this computer, then posted to the hub
    /// in order under its own id; the hub's answer is printed. Scans made while the hub is away wait on disk
    /// and go when it is back, each exactly once.
    func runRemote(hub text: String, context: AppContext, output: CommandOutput) async throws {
        if mode != "lookup" || location != nil || printer != nil || label.template != nil {
            throw AppError(
                "With --hub the hub decides what a scan does: leave out --mode, --location, --printer and "
                    + "--template, and scan a mode barcode (catalog label commands) to switch.", exitCode: .usage)
        }
        // A pairing address (what catalog devices pair prints) carries the code and the CA's fingerprint.
        let invitation = HubLink.pairingAddress(text)
        let address = try invitation?.hub ?? HubLink.address(text)
        let path = HubLink.path(settings: context.settings)
        let link: HubLink
        if let pair = pair ?? invitation?.code {
            let trust = try await authority(of: address, expected: caSHA256 ?? invitation?.caSHA256, output: output)
            link = try await HubClient(hub: address, trust: trust).pair(code: pair, name: context.settings.counter)
            try link.save(to: path)
            output.error(
                "catalog: paired with the hub at \(address.absoluteString) as “\(Terminal.echo(link.deviceName))”; "
                    + "its key is kept in \(path).")
        } else {
            if caSHA256 != nil {
                throw AppError(
                    "--ca-sha256 checks the hub at pairing: give it with --pair CODE (or the pairing address).",
                    exitCode: .usage)
            }
            guard let saved = try HubLink.load(from: path) else {
                throw AppError(
                    "This counter is not paired with the hub at \(address.absoluteString). On the hub run "
                        + "catalog devices pair, then here: catalog scan --hub \(address.absoluteString) --pair CODE",
                    exitCode: .configuration)
            }
            guard saved.hub == address.absoluteString else {
                throw AppError(
                    "This counter is paired with the hub at \(Terminal.echo(saved.hub)), not \(address.absoluteString). "
                        + "Give that address, or pair with this hub: --pair CODE (from catalog devices pair on it).",
                    exitCode: .configuration)
            }
            link = saved
        }
        let client = HubClient(hub: address, trust: link.caPEM)
        let (json, quiet) = (self.json, self.quiet)
        let relay = try ScanRelay(context: context, client: client, link: link) { report in
            Self.show(report, json: json, quiet: quiet, hub: address.absoluteString, output: output)
        }
        let waiting = try await relay.waiting()
        if waiting > 0 {
            output.error(
                "catalog: \(waiting) scans kept from before go to the hub first, in the order they were made.")
        }
        await relay.start()
        output.error(
            "catalog: scans go to the hub at \(address.absoluteString) as “\(Terminal.echo(link.deviceName))”.")
        try await readScans(context, output) { scan in
            try await relay.submit(code: (scan.symbology?.identifier ?? "") + scan.text, device: scan.device)
        }
        // A replay (or a stream that ended) waits until the hub has every scan; Ctrl-C leaves them kept.
        let left = try await relay.waiting()
        if left > 0 {
            output.error(
                "catalog: \(left) scans wait for the hub; waiting for it (Ctrl-C leaves them kept for the next run).")
        }
        let interrupt = Task {
            await Signals.waitForTermination()
            await relay.interrupt()
        }
        let end = try await relay.drain()
        interrupt.cancel()
        await relay.stop()
        switch end {
        case .done: return
        case .notPaired:
            throw AppError(
                "The hub no longer knows this counter; \(try await relay.waiting()) scans are kept. "
                    + "Pair again: catalog scan --hub \(address.absoluteString) --pair CODE", exitCode: .unavailable)
        case .interrupted:
            throw AppError(
                "Stopped with \(try await relay.waiting()) scans not yet at the hub; they are kept and "
                    + "go first on the next catalog scan --hub.", exitCode: .tryLater)
        }
    }

    /// The CA an https hub is trusted by from now on (nil for http): its /ca.pem, whose fingerprint must be
    /// `expected` when one is given; with none, the fingerprint is shown and the CA kept (trust on first use).
    func authority(of hub: URL, expected: String?, output: CommandOutput) async throws -> String? {
        guard hub.scheme == "https" else {
            if expected != nil {
                throw AppError(
                    "--ca-sha256 is for an https hub; \(hub.absoluteString) is plain http.", exitCode: .usage)
            }
            return nil
        }
        let (pem, fingerprint) = try await HubClient(hub: hub).authority()
        if let expected {
            let wanted = expected.lowercased().filter { !":- ".contains($0) }
            guard wanted == fingerprint else {
                throw AppError(
                    "The hub at \(hub.absoluteString) shows a certificate authority with fingerprint \(fingerprint), "
                        + "not the \(Terminal.echo(expected)) given: it may be another computer posing as the hub. "
                        + "Nothing was sent. Check the address and the fingerprint catalog devices pair shows on the hub.",
                    exitCode: .dataError)
            }
        } else {
            output.error(
                "catalog: the hub's certificate authority has the fingerprint \(fingerprint). Nothing confirmed it "
                    + "(trusted on first use): compare it with what catalog devices pair shows on the hub. From now "
                    + "on this counter trusts only it.")
        }
        return pem
    }

    /// Prints what the relay reports: the hub's answers on standard output, the rest as notes.
    static func show(_ report: ScanRelay.Report, json: Bool, quiet: Bool, hub: String, output: CommandOutput) {
        switch report {
        case .answered(_, let answer):
            if json { output.out(answer) } else { output.out(answer["text"]?.stringValue ?? answer.jsonString) }
            let failed = answer["failed"] == .bool(true)
            ring(
                answer["match"].map { $0 != .null } == true && !failed ? 1 : failed ? 2 : 0, json: json, quiet: quiet,
                output: output)
        case .refused(let scan, let reason):
            output.error("catalog: the hub refused the scan \(Terminal.echo(scan.code)): \(reason)")
            ring(2, json: json, quiet: quiet, output: output)
        case .kept(let scan, let waiting):
            output.error(
                "catalog: \(Terminal.echo(scan.code)) kept for the hub (\(waiting) waiting); it goes when the hub is back."
            )
        case .unreachable(let reason, let waiting):
            output.error(
                "catalog: the hub at \(hub) cannot be reached: \(reason) Scans are kept here (\(waiting) waiting) "
                    + "and go in order when it is back.")
            ring(2, json: json, quiet: quiet, output: output)
        case .back(let waiting):
            output.error("catalog: the hub is back; sending the \(waiting) kept scans in order.")
        case .notPaired(let reason, let waiting):
            output.error(
                "catalog: the hub refused this counter: \(reason) \(waiting) scans are kept. Pair again: "
                    + "catalog scan --hub \(hub) --pair CODE")
            ring(2, json: json, quiet: quiet, output: output)
        }
    }
}
