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
        case .production: URL(string: "https://connect.squareup.com")!
        case .sandbox: URL(string: "https://connect.squareupsandbox.com")!
        }
    }
}
