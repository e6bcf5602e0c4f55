import Foundation
import SquareAPI
import Store
import Yams

/// What `config.yaml` may say; every key is optional.
struct ConfigFile: Decodable, Equatable {
    struct Square: Decodable, Equatable {
        var environment: String?
        var baseURL: String?
        var accessTokenFile: String?
        var version: String?

        enum CodingKeys: String, CodingKey {
            case environment, version
            case baseURL = "base_url"
            case accessTokenFile = "access_token_file"
        }
    }

    /// `labels:` — defaults for `catalog label`.
    struct Labels: Decodable, Equatable {
        /// The template `catalog label` uses when none is given.
        var template: String?
        /// The printer used when `--printer` is not given (else the CUPS default).
        var printer: String?
        /// How sale prices are rounded: `cent` (default), `99` or `95`.
        var rounding: String?
        /// Sale discounts by category name, such as `Snacks: 20%` or `Drinks: 0.50`.
        var discounts: [String: String]?
    }

    /// `reorder:` — how `catalog reorder` proposes and exports.
    struct Reorder: Decodable, Equatable {
        /// Suggestions order up to the low-stock threshold times this factor (default 2).
        var parFactor: Double?
        /// Paper for `reorder export --format pdf`: `letter` (default) or `a4`.
        var paper: String?

        enum CodingKeys: String, CodingKey {
            case parFactor = "par_factor"
            case paper
        }
    }

    var database: String?
    var counter: String?
    /// The shop location this counter stands in (name or id), for stock counts and receipts.
    var location: String?
    var square: Square?
    var labels: Labels?
    var reorder: Reorder?
}

/// The configuration a command runs with: flags, then environment, then config file, then defaults.
struct Settings {
    var databasePath: String
    var baseURL: URL
    var squareVersion: String
    /// The access token, when one was found (never printed).
    var accessToken: String?
    /// Where to tell the user to fix the token.
    var tokenHint: String
    /// This computer's name in the history and the outbox: CATALOG_COUNTER, `counter:` in the config
    /// file, or the host name.
    var counter: String = ProcessInfo.processInfo.hostName
    /// The `labels:` section of the configuration file.
    var labels = ConfigFile.Labels()
    /// This counter's location (name or id): CATALOG_LOCATION or `location:` in the config file.
    var location: String?
    /// The `reorder:` section of the configuration file.
    var reorder = ConfigFile.Reorder()
    /// The configuration file read (or looked for), and the access token file, when there is one.
    var configPath: String?
    var tokenFile: String?

    /// Files this tool keeps, which no output option may overwrite.
    var keptFiles: [OutputFile.Input] {
        [
            OutputFile.Input(path: databasePath, what: "the catalog database"),
            OutputFile.Input(path: databasePath + "-wal", what: "the catalog database's write-ahead log"),
            configPath.map { OutputFile.Input(path: $0, what: "the configuration file") },
            tokenFile.map { OutputFile.Input(path: $0, what: "the access token file") },
        ].compactMap { $0 }
    }

    static let environmentNames = ["production", "sandbox"]

    static func resolve(
        _ options: GlobalOptions, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> Settings {
        let home = environment["HOME"] ?? NSHomeDirectory()
        let configPath = options.config ?? "\(home)/.config/catalog/config.yaml"
        let file = try loadConfig(at: configPath, required: options.config != nil)

        let database =
            options.database ?? environment["CATALOG_DB"] ?? file.database.map { expand($0, home: home) }
            ?? "\(home)/.local/share/catalog/catalog.sqlite"

        let baseURLText: String
        if let flag = options.squareBaseURL {
            baseURLText = flag
        } else if let name = options.squareEnvironment {
            baseURLText = try environmentURL(name, source: "--square-environment")
        } else if let value = environment["SQUARE_BASE_URL"], !value.isEmpty {
            baseURLText = value
        } else if let value = file.square?.baseURL {
            baseURLText = value
        } else if let name = file.square?.environment {
            baseURLText = try environmentURL(name, source: "square.environment in \(configPath)")
        } else {
            baseURLText = SquareEnvironment.production.baseURL.absoluteString
        }
        guard let baseURL = squareAddress(baseURLText) else {
            throw CLIError(
                "“\(Terminal.echo(baseURLText))” is not a Square API address; give one like https://connect.squareup.com "
                    + "or http://127.0.0.1:8765.", exitCode: CLIError.usage)
        }

        let version =
            options.squareVersion ?? environment["SQUARE_VERSION"] ?? file.square?.version
            ?? SquareClientConfiguration.defaultSquareVersion
        guard isSquareVersion(version) else {
            throw CLIError(
                "Square-Version “\(Terminal.echo(version))” is not a date like 2025-08-20; fix --square-version or SQUARE_VERSION.",
                exitCode: CLIError.usage)
        }

        var token = environment["SQUARE_ACCESS_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        var hint = "Set SQUARE_ACCESS_TOKEN or access_token_file under square: in \(configPath)."
        let tokenFile = file.square?.accessTokenFile.map { expand($0, home: home) }
        if token == nil, let path = tokenFile {
            token = try readTokenFile(path)
            hint = "Check the token in \(path)."
        }
        let counter =
            environment["CATALOG_COUNTER"].flatMap { $0.isEmpty ? nil : $0 } ?? file.counter
            ?? ProcessInfo.processInfo.hostName
        return Settings(
            databasePath: database, baseURL: baseURL, squareVersion: version, accessToken: token, tokenHint: hint,
            counter: counter, labels: file.labels ?? ConfigFile.Labels(),
            location: environment["CATALOG_LOCATION"].flatMap { $0.isEmpty ? nil : $0 } ?? file.location,
            reorder: file.reorder ?? ConfigFile.Reorder(), configPath: configPath, tokenFile: tokenFile)
    }

    /// `text` as a Square API address (http or https with a host), or nil.
    static func squareAddress(_ text: String) -> URL? {
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
            return nil
        }
        return url
    }

    /// Whether `text` has the Square-Version form, a date like 2025-08-20.
    static func isSquareVersion(_ text: String) -> Bool { text.wholeMatch(of: /\d{4}-\d{2}-\d{2}/) != nil }

    static func environmentURL(_ name: String, source: String) throws -> String {
        switch name.lowercased() {
        case "production": return SquareEnvironment.production.baseURL.absoluteString
        case "sandbox": return SquareEnvironment.sandbox.baseURL.absoluteString
        default:
            throw CLIError(
                "\(source) is “\(Terminal.echo(name))”; it must be production or sandbox.", exitCode: CLIError.usage)
        }
    }

    static func expand(_ path: String, home: String) -> String {
        path.hasPrefix("~/") ? home + path.dropFirst(1) : path
    }

    static func loadConfig(at path: String, required: Bool) throws -> ConfigFile {
        guard FileManager.default.fileExists(atPath: path) else {
            if required {
                throw CLIError("The configuration file \(path) does not exist.", exitCode: CLIError.configuration)
            }
            return ConfigFile()
        }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw CLIError(
                "Cannot read the configuration file \(path): it is not UTF-8 text or cannot be opened. "
                    + "Fix it or move it aside.", exitCode: CLIError.configuration)
        }
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return ConfigFile() }
        return try ConfigCheck.read(text, path: path)
    }

    /// Reads a token file, refusing one that others can read or write.
    static func readTokenFile(_ path: String) throws -> String {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue
        else {
            throw CLIError(
                "Cannot read the access token file \(path): it does not exist.", exitCode: CLIError.configuration)
        }
        guard mode & 0o077 == 0 else {
            throw CLIError(
                "The access token file \(path) has mode \(String(mode & 0o777, radix: 8)); it must be 600 "
                    + "so only you can read it. Run: chmod 600 \(path)", exitCode: CLIError.configuration)
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw CLIError("Cannot read the access token file \(path).", exitCode: CLIError.configuration)
        }
        let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty else {
            throw CLIError("The access token file \(path) is empty.", exitCode: CLIError.configuration)
        }
        return token
    }

    /// Opens the catalog database.
    func openDatabase() throws -> CatalogDatabase { try CatalogDatabase(path: databasePath) }

    /// A Square client; fails with exit 69 when there is no token.
    func makeClient() throws -> SquareClient {
        guard let accessToken else {
            throw CLIError("No Square access token. \(tokenHint)", exitCode: CLIError.unavailable)
        }
        return SquareClient(
            configuration: SquareClientConfiguration(
                baseURL: baseURL, accessToken: accessToken, squareVersion: squareVersion))
    }
}
