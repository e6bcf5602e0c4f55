import CatalogCore
import Foundation
import SquareAPI
import Store
import Yams

/// What `config.yaml` may say; every key is optional.
public struct ConfigFile: Decodable, Equatable, Sendable {
    public struct Square: Decodable, Equatable, Sendable {
        public var environment: String?
        public var baseURL: String?
        public var accessTokenFile: String?
        public var version: String?

        public enum CodingKeys: String, CodingKey {
            case environment, version
            case baseURL = "base_url"
            case accessTokenFile = "access_token_file"
        }
    }

    /// `labels:` — defaults for `catalog label`.
    public struct Labels: Decodable, Equatable, Sendable {
        /// The template `catalog label` uses when none is given.
        public var template: String?
        /// The printer used when `--printer` is not given (else the CUPS default).
        public var printer: String?
        /// How sale prices are rounded: `cent` (default), `99` or `95`.
        public var rounding: String?
        /// Sale discounts by category name, such as `Snacks: 20%` or `Drinks: 0.50`.
        public var discounts: [String: String]?
        /// `as_entered` (default: prices as Square holds them) or `with_taxes` (adding additive taxes).
        public var priceDisplay: String?
        /// What `{{unit_price}}` is per when the template does not say: one basis per kind, like `[kg, l]`.
        public var unitPrice: [String]?

        public enum CodingKeys: String, CodingKey {
            case template, printer, rounding, discounts
            case priceDisplay = "price_display"
            case unitPrice = "unit_price"
        }
    }

    /// `reorder:` — how `catalog reorder` proposes and exports.
    public struct Reorder: Decodable, Equatable, Sendable {
        /// Suggestions order up to the low-stock threshold times this factor (default 2).
        public var parFactor: Double?
        /// Paper for `reorder export --format pdf`: `letter` (default) or `a4`.
        public var paper: String?

        public enum CodingKeys: String, CodingKey {
            case parFactor = "par_factor"
            case paper
        }
    }

    /// `codes:` — how `catalog codes assign` numbers in-store barcodes.
    public struct Codes: Decodable, Equatable, Sendable {
        /// The two digits (20 to 29) in-store EAN-13s start with (default 20).
        public var prefix: String?
    }

    public var database: String?
    public var counter: String?
    /// The shop location this counter stands in (name or id), for stock counts and receipts.
    public var location: String?
    public var square: Square?
    public var labels: Labels?
    public var reorder: Reorder?
    public var codes: Codes?
    /// `scale:` — the layouts of the barcodes the shop's scales print, one per prefix.
    public var scale: [ScaleLayout]?
}

/// What the command line (or another front end) says before the environment and the config file.
public struct SettingsOverrides: Sendable, Equatable {
    public var database: String?
    public var config: String?
    public var squareBaseURL: String?
    public var squareEnvironment: String?
    public var squareVersion: String?

    public init(
        database: String? = nil, config: String? = nil, squareBaseURL: String? = nil,
        squareEnvironment: String? = nil, squareVersion: String? = nil
    ) {
        self.database = database
        self.config = config
        self.squareBaseURL = squareBaseURL
        self.squareEnvironment = squareEnvironment
        self.squareVersion = squareVersion
    }
}

/// The configuration a command runs with: flags, then environment, then config file, then defaults.
public struct Settings: Sendable {
    public var databasePath: String
    public var baseURL: URL
    public var squareVersion: String
    /// The access token, when one was found (never printed).
    public var accessToken: String?
    /// Where to tell the user to fix the token.
    public var tokenHint: String
    /// This computer's name in the history and the outbox: CATALOG_COUNTER, `counter:` in the config
    /// file, or the host name.
    public var counter: String = ProcessInfo.processInfo.hostName
    /// The `labels:` section of the configuration file.
    public var labels = ConfigFile.Labels()
    /// This counter's location (name or id): CATALOG_LOCATION or `location:` in the config file.
    public var location: String?
    /// The `reorder:` section of the configuration file.
    public var reorder = ConfigFile.Reorder()
    /// The `codes:` section of the configuration file.
    public var codes = ConfigFile.Codes()
    /// The scale barcode layouts (`scale:` in the configuration file).
    public var scaleLayouts: [ScaleLayout] = []
    /// The configuration file read (or looked for), and the access token file, when there is one.
    public var configPath: String?
    public var tokenFile: String?

    /// Files this tool keeps, which no output option may overwrite.
    public var keptFiles: [OutputFile.Input] {
        [
            OutputFile.Input(path: databasePath, what: "the catalog database"),
            OutputFile.Input(path: databasePath + "-wal", what: "the catalog database's write-ahead log"),
            configPath.map { OutputFile.Input(path: $0, what: "the configuration file") },
            tokenFile.map { OutputFile.Input(path: $0, what: "the access token file") },
        ].compactMap { $0 }
    }

    public static let environmentNames = ["production", "sandbox"]

    /// Settings given outright (a demo, a test, the shop hub's own), with no config file read.
    public init(
        databasePath: String, baseURL: URL, accessToken: String?,
        squareVersion: String = SquareClientConfiguration.defaultSquareVersion,
        counter: String = ProcessInfo.processInfo.hostName, location: String? = nil
    ) {
        self.init(
            databasePath: databasePath, baseURL: baseURL, squareVersion: squareVersion, accessToken: accessToken,
            tokenHint: "Give an access token.", counter: counter, location: location)
    }

    private init(
        databasePath: String, baseURL: URL, squareVersion: String, accessToken: String?, tokenHint: String,
        counter: String, labels: ConfigFile.Labels = ConfigFile.Labels(), location: String?,
        reorder: ConfigFile.Reorder = ConfigFile.Reorder(), codes: ConfigFile.Codes = ConfigFile.Codes(),
        scaleLayouts: [ScaleLayout] = [], configPath: String? = nil, tokenFile: String? = nil
    ) {
        self.databasePath = databasePath
        self.baseURL = baseURL
        self.squareVersion = squareVersion
        self.accessToken = accessToken
        self.tokenHint = tokenHint
        self.counter = counter
        self.labels = labels
        self.location = location
        self.reorder = reorder
        self.codes = codes
        self.scaleLayouts = scaleLayouts
        self.configPath = configPath
        self.tokenFile = tokenFile
    }

    public static func resolve(
        _ options: SettingsOverrides, environment: [String: String] = ProcessInfo.processInfo.environment
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
            throw AppError(
                "“\(Terminal.echo(baseURLText))” is not a Square API address; give one like https://connect.squareup.com "
                    + "or http://127.0.0.1:8765.", exitCode: .usage)
        }

        let version =
            options.squareVersion ?? environment["SQUARE_VERSION"] ?? file.square?.version
            ?? SquareClientConfiguration.defaultSquareVersion
        guard isSquareVersion(version) else {
            throw AppError(
                "Square-Version “\(Terminal.echo(version))” is not a date like 2025-08-20; fix --square-version or SQUARE_VERSION.",
                exitCode: .usage)
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
            reorder: file.reorder ?? ConfigFile.Reorder(), codes: file.codes ?? ConfigFile.Codes(),
            scaleLayouts: file.scale ?? [], configPath: configPath, tokenFile: tokenFile)
    }

    /// `text` as a Square API address (http or https with a host), or nil.
    public static func squareAddress(_ text: String) -> URL? {
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
            return nil
        }
        return url
    }

    /// Whether `text` has the Square-Version form, a date like 2025-08-20.
    /// Whether `text` is a date as Square-Version takes it: four, two and two ASCII digits joined by dashes.
    /// (Checked by hand: a regex is compiled at its first use, which every command paid for at start.)
    public static func isSquareVersion(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 10 else { return false }
        return bytes.indices.allSatisfy { index in
            index == 4 || index == 7 ? bytes[index] == UInt8(ascii: "-") : (48...57).contains(bytes[index])
        }
    }

    public static func environmentURL(_ name: String, source: String) throws -> String {
        switch name.lowercased() {
        case "production": return SquareEnvironment.production.baseURL.absoluteString
        case "sandbox": return SquareEnvironment.sandbox.baseURL.absoluteString
        default:
            throw AppError(
                "\(source) is “\(Terminal.echo(name))”; it must be production or sandbox.", exitCode: .usage)
        }
    }

    public static func expand(_ path: String, home: String) -> String {
        path.hasPrefix("~/") ? home + path.dropFirst(1) : path
    }

    public static func loadConfig(at path: String, required: Bool) throws -> ConfigFile {
        guard FileManager.default.fileExists(atPath: path) else {
            if required {
                throw AppError("The configuration file \(path) does not exist.", exitCode: .configuration)
            }
            return ConfigFile()
        }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw AppError(
                "Cannot read the configuration file \(path): it is not UTF-8 text or cannot be opened. "
                    + "Fix it or move it aside.", exitCode: .configuration)
        }
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return ConfigFile() }
        return try ConfigCheck.read(text, path: path)
    }

    /// Reads a token file, refusing one that others can read or write.
    public static func readTokenFile(_ path: String) throws -> String {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue
        else {
            throw AppError(
                "Cannot read the access token file \(path): it does not exist.", exitCode: .configuration)
        }
        guard mode & 0o077 == 0 else {
            throw AppError(
                "The access token file \(path) has mode \(String(mode & 0o777, radix: 8)); it must be 600 "
                    + "so only you can read it. Run: chmod 600 \(path)", exitCode: .configuration)
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw AppError("Cannot read the access token file \(path).", exitCode: .configuration)
        }
        let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty else {
            throw AppError("The access token file \(path) is empty.", exitCode: .configuration)
        }
        return token
    }

    /// Opens the catalog database.
    public func openDatabase() throws -> CatalogDatabase { try CatalogDatabase(path: databasePath) }

    /// A Square client that waits on `clock`; fails with exit 69 when there is no token.
    public func makeClient(clock: any CatalogClock = SystemClock()) throws -> SquareClient {
        guard let accessToken else {
            throw AppError("No Square access token. \(tokenHint)", exitCode: .unavailable)
        }
        return SquareClient(
            configuration: SquareClientConfiguration(
                baseURL: baseURL, accessToken: accessToken, squareVersion: squareVersion, clock: clock))
    }
}
