/// The scan log as `catalog scans` shows it: every code scanned at a counter, newest first.
public struct ScanLog: Sendable {
    public let context: AppContext

    /// The log in the context's database (opened when first needed).
    public init(context: AppContext) {
        self.context = context
    }

    /// The newest scans first, at most `limit`; with `unknownOnly` only those whose code named nothing.
    public func scans(unknownOnly: Bool, limit: Int) async throws -> [ScanRecord] {
        try await context.openDatabase().scans(unknownOnly: unknownOnly, limit: limit)
    }
}
