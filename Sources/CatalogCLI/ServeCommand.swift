import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Foundation
import Hub
import Sandbox

/// `catalog serve`: the shop's hub.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the shop's hub: the counter screen and API in the browser, one shared list per shop.",
        discussion: """
            One hub per shop keeps the shop's replica of the Square catalog current (a sync at start, on each \
            of Square's webhooks, and every --sync-every minutes) and serves the counter screen, the back \
            office and the JSON API under /api/v1 (docs/api.md) to paired devices. It listens on 127.0.0.1 \
            unless --listen says otherwise (0.0.0.0:8443 for the shop's network).
            On this computer (127.0.0.1, ::1, localhost) the hub speaks plain HTTP. On any other address it \
            speaks HTTPS (HTTP/2 where the browser offers it) with its own certificate authority, made on first \
            start in hub-tls beside the database, and a certificate for this computer's names and addresses, \
            renewed before it expires; devices trust the CA at /ca.pem, whose fingerprint catalog devices pair \
            shows. --tls-cert and --tls-key use the shop's own certificate instead; --insecure-http serves plain \
            HTTP beyond this computer (every page then warns that the network can read it).
            Every request needs a paired device, this computer's browser too: the hub prints a one-time \
            sign-in address for a screen on this computer; other devices pair at /pair with a code from \
            catalog devices pair. --demo runs the hub on a demo shop in a local sandbox, with no Square account.
            Webhooks: give --notification-url (the URL of /webhooks/square configured in Square, byte for \
            byte) and SQUARE_WEBHOOK_SIGNATURE_KEY. A scanner on this computer is a counter like any other: \
            catalog scan --hub with the pairing address catalog devices pair prints. Stop the hub with Ctrl-C \
            or SIGTERM.
            """
    )

    @OptionGroup var options: GlobalOptions

    @Option(
        help: ArgumentHelp(
            "Where to listen: ADDRESS:PORT, or PORT alone for 127.0.0.1 (default 127.0.0.1:8080).",
            valueName: "address:port"))
    var listen = "127.0.0.1:8080"

    @Option(help: ArgumentHelp("The location the hub's counters stand in (name or id).", valueName: "name"))
    var location: String?

    @Option(help: ArgumentHelp("Minutes between syncs when no webhook comes (0: none).", valueName: "minutes"))
    var syncEvery = 5

    @Option(
        help: ArgumentHelp(
            "Minutes without a scan after which a counter in receive, count, reorder or label mode goes back to "
                + "lookup (0: never).", valueName: "minutes"))
    var counterIdle = 10

    @Option(
        help: ArgumentHelp(
            "The fewest characters a keyboard-wedge scanner's code has at a counter screen: a burst shorter than "
                + "that is typing (the shop's shortest code).", valueName: "characters"))
    var wedgeMinLength = 6

    @Option(
        help: ArgumentHelp(
            "The longest gap between a wedge scanner's characters at a counter screen; typing is slower.",
            valueName: "ms"))
    var wedgeMaxGapMs = 25

    @Option(
        help: ArgumentHelp(
            "Requests a second each paired device may make, with four seconds' worth at once; a device asking "
                + "faster is answered 429 (Too Many Requests).", valueName: "requests"))
    var deviceRate = Int(HubConfiguration.defaultDeviceRate)

    @Option(
        help: ArgumentHelp(
            "The notification URL of this hub's /webhooks/square configured in Square.", valueName: "url"))
    var notificationURL: String?

    @Option(
        help: ArgumentHelp(
            "Serve HTTPS with the shop's own certificate chain (PEM); needs --tls-key.", valueName: "file"))
    var tlsCert: String?

    @Option(help: ArgumentHelp("The certificate's private key (PEM, unencrypted).", valueName: "file"))
    var tlsKey: String?

    @Flag(
        help: "Serve plain HTTP on an address beyond this computer: anyone on the network can read the devices' keys.")
    var insecureHTTP = false

    @Flag(help: "Run on a demo shop in a local sandbox (no Square account needed).")
    var demo = false

    func validate() throws {
        _ = try Self.address(listen)
        guard (0...10_080).contains(syncEvery) else {
            throw ValidationError("--sync-every must be 0 (never) to 10080 minutes, not \(syncEvery).")
        }
        guard (1...200).contains(wedgeMinLength), (1...1000).contains(wedgeMaxGapMs) else {
            throw ValidationError(
                "--wedge-min-length must be 1 to 200 characters and --wedge-max-gap-ms 1 to 1000 ms, not "
                    + "\(wedgeMinLength) and \(wedgeMaxGapMs).")
        }
        guard (1...100_000).contains(deviceRate) else {
            throw ValidationError("--device-rate must be 1 to 100000 requests a second, not \(deviceRate).")
        }
        guard (0...1_440).contains(counterIdle) else {
            throw ValidationError("--counter-idle must be 0 (never) to 1440 minutes, not \(counterIdle).")
        }
        if let notificationURL {
            guard let url = URL(string: notificationURL), ["http", "https"].contains(url.scheme ?? ""), url.host != nil
            else {
                throw ValidationError(
                    "--notification-url must be the http(s) URL configured in Square, not “\(Terminal.echo(notificationURL))”."
                )
            }
        }
    }

    /// Refuses a location the replica does not have, so a misspelt `--location` is found at start rather
    /// than in every answer; on a database that has no locations yet, checks after the first sync and says
    /// what is wrong then.
    func checkLocation(hub: HubServer, context: AppContext) async throws {
        guard location != nil || context.settings.location != nil else { return }
        do {
            _ = try await context.location(location)
        } catch let error as AppError where error.exitStatus == .unavailable {
            let wanted = location
            Task {
                await hub.sync.waitUntilIdle()
                do {
                    _ = try await context.location(wanted)
                } catch {
                    Terminal.note(
                        "the hub's location: \(AppError.from(error).description) Restart catalog serve with the right "
                            + "--location; until then the counters cannot be priced.")
                }
            }
        }
    }

    /// Whether `host` is this computer only: plain HTTP there is read by nobody else. (127.0.0.2 and the
    /// rest of 127/8 are not: the tests use 127.0.0.2 as an address beyond loopback.)
    static func isLoopback(_ host: String) -> Bool { ["127.0.0.1", "::1", "localhost"].contains(host.lowercased()) }

    /// How the hub speaks at `host`: the shop's certificate and key (both or neither), plain HTTP on this
    /// computer or with --insecure-http, else the hub's own CA in `folder`.
    func tls(host: String, folder: URL) throws -> HubTLS? {
        switch (tlsCert, tlsKey) {
        case (let certificate?, let key?):
            if insecureHTTP {
                throw AppError("--insecure-http and --tls-cert contradict each other: give one.", exitCode: .usage)
            }
            return .files(certificate: certificate, key: key)
        case (nil, nil): return Self.isLoopback(host) || insecureHTTP ? nil : .own(folder: folder)
        default: throw AppError("--tls-cert and --tls-key go together: give both, or neither.", exitCode: .usage)
        }
    }

    /// `ADDRESS:PORT`, `[IPv6]:PORT` or `PORT` as a host and port.
    static func address(_ text: String) throws -> (host: String, port: Int) {
        var host = "127.0.0.1"
        var portText = text
        if let colon = text.lastIndex(of: ":") {
            host = String(text[..<colon]).trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
            portText = String(text[text.index(after: colon)...])
        }
        guard !host.isEmpty, let port = Int(portText), (0...65535).contains(port) else {
            throw ValidationError(
                "--listen must be ADDRESS:PORT (such as 0.0.0.0:8443) or a port, not “\(Terminal.echo(text))”.")
        }
        return (host, port)
    }

    func run() async throws {
        try await reportingErrors {
            var settings = try Settings.resolve(options)
            var sandbox: SandboxServer?
            var demoFolder: URL?
            if demo {
                let server = try await SandboxServer.start(
                    SandboxConfiguration(port: 0, token: "demo-token", seed: .demo))
                sandbox = server
                settings.baseURL = server.baseURL
                settings.accessToken = "demo-token"
                if options.database == nil {
                    let folder = try PrivateFolder.make("catalog-hub")
                    settings.databasePath = folder.appendingPathComponent("catalog.sqlite").path
                    demoFolder = folder
                }
                Terminal.error("catalog: demo shop in a sandbox at \(server.baseURL.absoluteString)")
            }
            defer { if let demoFolder { try? FileManager.default.removeItem(at: demoFolder) } }
            let (host, port) = try Self.address(listen)
            var webhook: (notificationURL: String, signatureKey: String)?
            if let notificationURL {
                guard let key = ProcessInfo.processInfo.environment["SQUARE_WEBHOOK_SIGNATURE_KEY"], !key.isEmpty else {
                    throw AppError(
                        "--notification-url needs SQUARE_WEBHOOK_SIGNATURE_KEY: set it to the key Square shows for the "
                            + "webhook subscription.", exitCode: .usage)
                }
                webhook = (notificationURL, key)
            }
            let context = AppContext(settings: settings, progress: TerminalProgress())
            let tls = try tls(host: host, folder: HubCertificates.folder(databasePath: settings.databasePath))
            let insecure = tls == nil && !Self.isLoopback(host)
            if insecure {
                Terminal.error(
                    "catalog: warning: plain HTTP on \(host) (--insecure-http): anyone on this network can read the "
                        + "devices' keys and take them over. Leave out --insecure-http to serve HTTPS.")
            }
            let hub = try await HubServer.start(
                HubConfiguration(
                    host: host, port: port, location: location,
                    syncInterval: syncEvery == 0 ? nil : .seconds(syncEvery * 60), webhook: webhook,
                    tls: tls, insecureHTTP: insecure, counterIdle: counterIdle == 0 ? nil : .seconds(counterIdle * 60),
                    wedge: (wedgeMinLength, wedgeMaxGapMs), deviceRate: Double(deviceRate)),
                context: context)
            if demo { await hub.sync.waitUntilIdle() }
            do {
                try await checkLocation(hub: hub, context: context)
            } catch {
                await hub.stop()
                await sandbox?.stop()
                throw error
            }
            Terminal.out("catalog hub listening on \(hub.baseURL.absoluteString)")
            Terminal.out(
                "Sign in on this computer (once, within ten minutes): \(try await hub.signInURL().absoluteString)")
            // The database named, when it is not the one `catalog devices pair` would find by itself.
            let pairCommand =
                demoFolder == nil && options.database == nil
                ? "catalog devices pair" : "catalog devices pair --db \(Terminal.echo(settings.databasePath))"
            Terminal.out("Pair other devices with a code and QR code from: \(pairCommand)")
            Terminal.out("(or, signed in on this computer, at /pair/new: a QR code a phone scans)")
            if let fingerprint = hub.trust.caSHA256 {
                Terminal.out(
                    "Devices trust the hub's certificate authority at \(hub.trust.url)/ca.pem (SHA-256 "
                        + "\(fingerprint)); docs/hub.md says how on each system.")
            }
            if let reason = await hub.sync.unavailable { Terminal.note("the hub will not sync: \(reason)") }
            await Signals.waitForTermination()
            Terminal.error("catalog: stopping the hub")
            await hub.stop()
            await sandbox?.stop()
        }
    }
}
