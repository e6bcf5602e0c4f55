import Foundation

/// Which of Square's two hosted environments a client talks to.
public enum SquareEnvironment: Sendable, Equatable {
    /// The live seller account.
    case production
    /// Square's own test environment (developer sandbox accounts).
    case sandbox

    /// The scheme and host every request path is appended to.
    public var baseURL: URL {
        switch self {
        case .production: Self.productionURL
        case .sandbox: Self.sandboxURL
        }
    }

    // Fixed addresses that always parse; were one not to, every request would fail on a file URL
    // instead of the process stopping.
    private static let productionURL = URL(string: "https://connect.squareup.com") ?? URL(fileURLWithPath: "/")
    private static let sandboxURL = URL(string: "https://connect.squareupsandbox.com") ?? URL(fileURLWithPath: "/")
}
