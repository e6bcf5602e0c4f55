import CCups

/// The printers and classes on the CUPS server.
public enum PrintDestinations {
    /// Every destination with its state, media and whether it is the default.
    public static func list(on server: PrintServer = .processDefault) async throws -> [PrintDestination] {
        try await CupsWorker.shared.perform(on: server) { try DestinationReader.all() }
    }

    /// The destination used when no printer is named, or nil when CUPS has no default.
    public static func `default`(on server: PrintServer = .processDefault) async throws -> PrintDestination? {
        try await list(on: server).first(where: \.isDefault)
    }

    /// The destination called `name`; throws `unknownPrinter` listing the real ones if there is none.
    public static func named(_ name: String, on server: PrintServer = .processDefault) async throws
        -> PrintDestination
    {
        let all = try await list(on: server)
        guard let found = all.first(where: { $0.name == name }) else {
            throw PrintingError.unknownPrinter(name: name, available: all.map(\.name))
        }
        return found
    }
}

/// Reads destinations from libcups. Runs on the `CupsWorker` thread.
enum DestinationReader {
    /// All destinations; throws `cupsUnreachable` when the server does not answer.
    static func all() throws -> [PrintDestination] {
        var dests: UnsafeMutablePointer<cups_dest_t>?
        let count = Int(cupsGetDests2(nil, &dests))
        defer { cupsFreeDests(Int32(count), dests) }
        if count == 0, !CupsCall.isReachable() {
            throw PrintingError.cupsUnreachable(server: CupsCall.serverDescription())
        }
        guard let dests else { return [] }
        return (0..<count).map { describe(dests.advanced(by: $0)) }
    }

    /// The names of all destinations, for error messages; [] when they cannot be read.
    static func names() -> [String] {
        var dests: UnsafeMutablePointer<cups_dest_t>?
        let count = Int(cupsGetDests2(nil, &dests))
        defer { cupsFreeDests(Int32(count), dests) }
        guard let dests else { return [] }
        return (0..<count).map { displayName(dests.advanced(by: $0)) }
    }

    /// `name` or `name/instance`.
    static func displayName(_ dest: UnsafeMutablePointer<cups_dest_t>) -> String {
        let name = String(cString: dest.pointee.name)
        guard let instance = dest.pointee.instance else { return name }
        return "\(name)/\(String(cString: instance))"
    }

    /// The value of option `key` in the destination's options.
    static func option(_ dest: UnsafeMutablePointer<cups_dest_t>, _ key: String) -> String? {
        cupsGetOption(key, dest.pointee.num_options, dest.pointee.options).map { String(cString: $0) }
    }

    /// A full description: the options libcups keeps, the printer's live state message, and its media.
    static func describe(_ dest: UnsafeMutablePointer<cups_dest_t>) -> PrintDestination {
        let name = String(cString: dest.pointee.name)
        let live = PrinterStatus.fetch(name)
        let makeAndModel = option(dest, "printer-make-and-model")
        var media: [PrintMedia] = []
        if let info = cupsCopyDestInfo(nil, dest) {
            media = MediaCatalog.all(dest, info)
            cupsFreeDestInfo(info)
        }
        let reasons = option(dest, "printer-state-reasons")?.split(separator: ",").map(String.init) ?? []
        return PrintDestination(
            name: displayName(dest),
            isDefault: dest.pointee.is_default != 0,
            state: live?.state ?? PrinterState(ippValue: option(dest, "printer-state").flatMap { Int($0) }),
            isAcceptingJobs: live?.isAcceptingJobs ?? (option(dest, "printer-is-accepting-jobs") != "false"),
            stateReasons: live?.reasons ?? reasons.filter { $0 != "none" },
            stateMessage: live?.message,
            makeAndModel: makeAndModel,
            deviceURI: option(dest, "device-uri"),
            info: option(dest, "printer-info"),
            media: media,
            defaultMedia: live?.defaultMedia,
            isRaw: makeAndModel == "Local Raw Printer"
        )
    }
}
