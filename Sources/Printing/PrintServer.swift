import CCups
import Foundation

/// Which CUPS server a call talks to: an address (`host:port` or a domain socket path), or nil for
/// libcups's own choice (`CUPS_SERVER` in this process's environment, then client.conf, then the local
/// scheduler).
///
/// Every call in this module takes its server, so a process can talk to several at once: the tests start
/// a private cupsd each and run side by side; a context built from another environment (an in-process
/// command) prints where that environment's `CUPS_SERVER` says.
public struct PrintServer: Sendable, Hashable {
    /// The address, or nil for libcups's default.
    public var address: String?

    public init(address: String?) {
        self.address = address.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// libcups's default server for this process.
    public static let processDefault = PrintServer(address: nil)

    /// The server an environment names with `CUPS_SERVER`, else libcups's default.
    public init(environment: [String: String]) {
        self.init(address: environment["CUPS_SERVER"])
    }

    /// The server libcups contacts for this value, as `host:port` or a domain socket path.
    public func describe() async -> String {
        (try? await CupsWorker.shared.perform(on: self) { CupsCall.serverDescription() }) ?? "localhost"
    }
}
