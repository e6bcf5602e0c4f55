import ArgumentParser
import CatalogApp
import CatalogCore
import Foundation

/// A command whose work is `run(context, output)`: everything it reads comes from the context (settings,
/// clock, database, Square, printers, the folder relative paths start from) and everything it prints goes
/// to the output. `run()` builds both for the process; a test calls `InProcess.run` with its own.
protocol ContextCommand: AsyncParsableCommand {
    /// The settings the command's flags override (none by default; `GlobalOptions` commands give theirs).
    var overrides: SettingsOverrides { get }
    /// Whether `InProcess.run` may run the command in a test's process (true by default); false when what
    /// it was asked to do needs the process's own standard input or signals.
    var runsInProcess: Bool { get }
    /// How the command holds the database: one connection (the default) for a command that does one thing and
    /// ends; a pool for one that goes on serving while it writes (a scanner).
    var connections: DatabaseConnections { get }
    /// Does the command's work in `context`, printing to `output`.
    func run(_ context: AppContext, _ output: CommandOutput) async throws
}

/// A command with the flags every database command shares.
protocol GlobalOptionsCommand {
    var options: GlobalOptions { get }
}

extension ContextCommand {
    var overrides: SettingsOverrides { SettingsOverrides() }
    var runsInProcess: Bool { true }
    var connections: DatabaseConnections { .one }

    func run() async throws {
        let output = CommandOutput.standard
        try await reportingErrors {
            let context = try AppContext.live(
                overrides, environment: ProcessInfo.processInfo.environment, output: output,
                prompter: TerminalPrompter.ifInteractive, connections: connections)
            try await run(context, output)
        }
    }
}

extension ContextCommand where Self: GlobalOptionsCommand {
    var overrides: SettingsOverrides { options.overrides }
}

/// `catalog ARGUMENTS` run inside this process, for tests: the same parsing, messages and exit statuses as
/// the binary, with the environment, working folder and output given instead of the process's own.
enum InProcess {
    /// What a run printed and how it ended.
    struct Result: Sendable {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `arguments`; nil when the command they name cannot run in-process yet (the caller launches the
    /// binary instead).
    static func run(_ arguments: [String], environment: [String: String], directory: String) async -> Result? {
        let output = CommandOutput.capturing()
        let status: Int32
        do {
            guard let command = try CatalogCommand.parseAsRoot(arguments) as? any ContextCommand,
                command.runsInProcess
            else { return nil }
            status = await run(command, environment: environment, directory: directory, output: output)
        } catch {
            // What ArgumentParser prints for a bad flag, --help or --version, with its exit status.
            let message = CatalogCommand.fullMessage(for: error)
            let code = CatalogCommand.exitCode(for: error)
            if !message.isEmpty {
                if code == .success { output.write(Array((message + "\n").utf8)) } else { output.error(message) }
            }
            status = code.rawValue
        }
        let captured = output.captured
        return Result(status: status, stdout: captured.stdout, stderr: captured.stderr)
    }

    private static func run(
        _ command: any ContextCommand, environment: [String: String], directory: String, output: CommandOutput
    ) async -> Int32 {
        do {
            let context = try AppContext.live(
                command.overrides, environment: environment, directory: directory, output: output, prompter: nil,
                connections: command.connections)
            try await command.run(context, output)
            return 0
        } catch let exit as ExitCode {
            return exit.rawValue
        } catch is CleanExit {
            return 0
        } catch {
            let failure = AppError.from(error)
            output.error("catalog: \(failure.description)")
            return failure.exitStatus.rawValue
        }
    }
}
