import ArgumentParser
import CatalogApp

extension AsyncParsableCommand {
    /// Runs `body`, turning any error into one line on stderr and the exit status the error names.
    public func reportingErrors(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let error as ExitCode {
            throw error
        } catch let error as CleanExit {
            throw error
        } catch {
            let failure = AppError.from(error)
            Terminal.error("catalog: \(failure.description)")
            throw ExitCode(failure.exitStatus.rawValue)
        }
    }
}
