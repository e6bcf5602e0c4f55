import CCups
import Foundation
import Synchronization

/// Which CUPS server this process talks to.
///
/// libcups reads `CUPS_SERVER` (then client.conf, then the local scheduler) the first time a
/// thread needs a server and keeps the answer for that thread. A process that starts its own
/// cupsd after libcups has been used (the tests do, once per test) needs a way to point libcups
/// at it again; `use(_:)` is that way. Without it, `CUPS_SERVER` is honoured as it is and is
/// never overridden.
public enum PrintServer {
    private static let chosen = Mutex<String?>(nil)

    /// The address set by `use(_:)`, if any.
    static var override: String? {
        chosen.withLock { $0 }
    }

    /// Points every later libcups call at `address` (`host:port` or a socket path); `nil` goes
    /// back to `CUPS_SERVER` and libcups's own defaults.
    public static func use(_ address: String?) {
        chosen.withLock { $0 = address }
    }

    /// The server libcups will contact, as `host:port` or a domain socket path.
    public static func current() async -> String {
        (try? await CupsWorker.shared.perform { CupsCall.serverDescription() }) ?? "localhost"
    }
}
