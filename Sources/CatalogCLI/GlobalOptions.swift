import ArgumentParser
import CatalogApp
import Foundation

/// Flags every command that touches the database or Square shares.
struct GlobalOptions: ParsableArguments {
    @Option(name: .customLong("db"), help: ArgumentHelp("The catalog database file.", valueName: "path"))
    var database: String?

    @Option(help: ArgumentHelp("The configuration file (default ~/.config/catalog/config.yaml).", valueName: "path"))
    var config: String?

    @Option(
        name: .customLong("square-base-url"),
        help: ArgumentHelp("Square's API address, e.g. a local sandbox http://127.0.0.1:8765.", valueName: "url"))
    var squareBaseURL: String?

    @Option(
        name: .customLong("square-environment"),
        help: ArgumentHelp("production or sandbox (Square's own test environment).", valueName: "name"))
    var squareEnvironment: String?

    @Option(
        name: .customLong("square-version"),
        help: ArgumentHelp("The Square-Version header to send (YYYY-MM-DD).", valueName: "date"))
    var squareVersion: String?

    /// The flags as settings overrides.
    var overrides: SettingsOverrides {
        SettingsOverrides(
            database: database, config: config, squareBaseURL: squareBaseURL, squareEnvironment: squareEnvironment,
            squareVersion: squareVersion)
    }
}

extension Settings {
    /// The settings for a command: its flags, then the environment, then the config file, then defaults.
    static func resolve(
        _ options: GlobalOptions, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> Settings {
        try resolve(options.overrides, environment: environment)
    }
}

extension AppContext {
    /// The context for settings `overrides` in `environment`: the system clock, the CUPS server the
    /// environment names, relative paths inside `directory`, progress and notes on `output`, and `prompter`
    /// to ask (nil refuses instead of guessing); the database held with `connections`.
    static func live(
        _ overrides: SettingsOverrides, environment: [String: String],
        directory: String = FileManager.default.currentDirectoryPath, output: CommandOutput,
        prompter: (any Prompter)?, connections: DatabaseConnections
    ) throws -> AppContext {
        AppContext(
            settings: try Settings.resolve(overrides, environment: environment), environment: environment,
            prompter: prompter, progress: output.progress, directory: directory, connections: connections)
    }
}
