import Foundation

/// Finds label templates by name: the user's own first, then the ones shipped with `catalog`.
///
/// `--template` takes a path (anything with a `/` or ending in `.yaml`) or a name, looked up as
/// `NAME.yaml` in, in order: `~/.config/catalog/labels`, `$CATALOG_LABELS_DIR`, the `Labels/` folder
/// found by walking up from the running executable, `/usr/local/share/catalog/labels` and
/// `/usr/share/catalog/labels`. The first match wins.
public struct TemplateLibrary: Sendable {
    /// Where a folder of templates comes from.
    public enum Origin: String, Sendable, Hashable {
        /// `~/.config/catalog/labels`.
        case user
        /// `$CATALOG_LABELS_DIR`.
        case environment
        /// The `Labels/` folder next to the executable (the repository's stock templates).
        case stock
        /// `/usr/local/share/catalog/labels` or `/usr/share/catalog/labels`.
        case system
    }

    /// One folder searched for templates.
    public struct Folder: Sendable, Hashable {
        public var path: String
        public var origin: Origin

        /// A folder at `path` of the given origin.
        public init(path: String, origin: Origin) {
            self.path = path
            self.origin = origin
        }
    }

    /// One template file found by `list()`.
    public struct Entry: Sendable, Hashable {
        /// The name `--template` takes.
        public var name: String
        public var path: String
        public var origin: Origin
        /// The path of the template that hides this one (same name, earlier folder); nil when this one is used.
        public var shadowedBy: String?
        /// The parsed template, or nil when it has an error.
        public var template: LabelTemplate?
        /// Why the file could not be read, when it could not.
        public var error: TemplateError?
    }

    /// The folders searched, in order.
    public var folders: [Folder]

    /// A library over exactly these folders, searched in order.
    public init(folders: [Folder]) {
        self.folders = folders
    }

    /// The standard search order, from `HOME`, `CATALOG_LABELS_DIR` and the executable's real path.
    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executablePath: String? = TemplateLibrary.currentExecutablePath(),
        systemFolders: [String] = ["/usr/local/share/catalog/labels", "/usr/share/catalog/labels"]
    ) {
        var folders: [Folder] = []
        if let home = environment["HOME"], !home.isEmpty {
            folders.append(Folder(path: home + "/.config/catalog/labels", origin: .user))
        }
        if let dir = environment["CATALOG_LABELS_DIR"], !dir.isEmpty {
            folders.append(Folder(path: dir, origin: .environment))
        }
        if let executablePath, let stock = Self.stockFolder(near: executablePath) {
            folders.append(Folder(path: stock, origin: .stock))
        }
        folders += systemFolders.map { Folder(path: $0, origin: .system) }
        self.init(folders: folders)
    }

    /// True when `--template` text is a path rather than a name: it has a `/` or ends in `.yaml`/`.yml`.
    public static func isPath(_ nameOrPath: String) -> Bool {
        nameOrPath.contains("/") || nameOrPath.hasSuffix(".yaml") || nameOrPath.hasSuffix(".yml")
    }

    /// The file for `nameOrPath`: the path itself, or the first folder's `NAME.yaml`.
    public func path(for nameOrPath: String) throws(TemplateError) -> String {
        if Self.isPath(nameOrPath) {
            guard FileManager.default.fileExists(atPath: nameOrPath) else {
                throw TemplateError(file: nameOrPath, message: "no such template file. Check the path.")
            }
            return nameOrPath
        }
        for folder in folders {
            let candidate = folder.path + "/" + nameOrPath + ".yaml"
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
        }
        let names = Set(list().map(\.name)).sorted()
        let available = names.isEmpty ? "none were found" : "the templates are " + names.joined(separator: ", ")
        let searched = folders.map(\.path).joined(separator: ", ")
        throw TemplateError(
            file: nameOrPath,
            message: "there is no template by that name; \(available) (searched \(searched)). "
                + "Run `catalog label templates`, or give a file with --template PATH.")
    }

    /// The template for `nameOrPath`, parsed.
    public func template(named nameOrPath: String) throws(TemplateError) -> LabelTemplate {
        try TemplateParser.parse(contentsOf: try path(for: nameOrPath))
    }

    /// Every template in every folder, in search order (user ones first) and by name within a folder.
    /// A template whose name an earlier folder already has is listed with `shadowedBy` set.
    public func list() -> [Entry] {
        var entries: [Entry] = []
        var winners: [String: String] = [:]
        for folder in folders {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for file in files.filter({ $0.hasSuffix(".yaml") }).sorted() {
                let name = String(file.dropLast(".yaml".count))
                let path = folder.path + "/" + file
                var entry = Entry(name: name, path: path, origin: folder.origin, shadowedBy: winners[name])
                do {
                    entry.template = try TemplateParser.parse(contentsOf: path, name: name)
                } catch {
                    entry.error = error
                }
                if winners[name] == nil { winners[name] = path }
                entries.append(entry)
            }
        }
        return entries
    }

    /// The real path of the running executable (`/proc/self/exe` with links resolved), or nil.
    public static func currentExecutablePath() -> String? {
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return CommandLine.arguments.first.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
        }
        return URL(fileURLWithPath: target).resolvingSymlinksInPath().path
    }

    /// The nearest `Labels/` folder holding `.yaml` files, walking up from the executable's folder.
    public static func stockFolder(near executablePath: String) -> String? {
        var directory = URL(fileURLWithPath: executablePath).deletingLastPathComponent().standardizedFileURL
        while true {
            let candidate = directory.appendingPathComponent("Labels").path
            let files = (try? FileManager.default.contentsOfDirectory(atPath: candidate)) ?? []
            if files.contains(where: { $0.hasSuffix(".yaml") }) { return candidate }
            let parent = directory.deletingLastPathComponent().standardizedFileURL
            if parent.path == directory.path { return nil }
            directory = parent
        }
    }
}
