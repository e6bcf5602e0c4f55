import CatalogCore
import Foundation
import SquareAPI
import Store
import Sync

/// Stock counts: a session at a location within a scope, counted into by scans and typed counts from any
/// number of counters at once. (Review and posting to Square come with the session's later steps.)
public struct CountWorkflow: Sendable {
    public let context: AppContext
    public let database: CatalogDatabase

    public init(context: AppContext, database: CatalogDatabase) {
        self.context = context
        self.database = database
    }

    /// What one count did.
    public struct Counted: Sendable {
        public var variation: VariationSummary
        public var line: CountLine
        /// The session's lines and units after it.
        public var totals: (lines: Int, units: Decimal)
        /// The area it was counted in, in a count of areas.
        public var area: CountArea?
        /// Something the person counting should look at: "not sold at High Street".
        public var warning: String?
        /// What this count added (a weight, for a scale label).
        public var added: Decimal = 0
    }

    /// What a count covers, as `catalog count start` and the hub's back office are asked for it: areas
    /// (shelf prefixes, categories, vendors, codes; any mix), or everything sold at the location, or (none of
    /// these) whatever is counted.
    public struct Scope: Sendable {
        public var shelves: [String] = []
        public var categories: [String] = []
        public var vendors: [String] = []
        public var codes: [String] = []
        /// The most overdue variations (`due`), as one area: this many, not counted for `dueDays` days.
        public var due: Int?
        public var dueDays = 90
        public var everything = false

        public init(
            shelves: [String] = [], categories: [String] = [], vendors: [String] = [], codes: [String] = [],
            due: Int? = nil, dueDays: Int = 90, everything: Bool = false
        ) {
            self.shelves = shelves
            self.categories = categories
            self.vendors = vendors
            self.codes = codes
            self.due = due
            self.dueDays = dueDays
            self.everything = everything
        }

        var hasAreas: Bool {
            !(shelves.isEmpty && categories.isEmpty && vendors.isEmpty && codes.isEmpty) || due != nil
        }
    }

    /// Opens a count at `location` (the counter's when nil) of `scope`: one area per shelf prefix, category
    /// and vendor, and one for the codes listed; or everything sold there; or whatever is counted. A `blind`
    /// count never shows whoever counts what Square expects.
    public func start(name: String?, location: String?, scope wanted: Scope = Scope(), blind: Bool = false)
        async throws
        -> CountSession
    {
        guard !(wanted.everything && wanted.hasAreas) else {
            throw AppError(
                "--all counts everything: leave out --shelf, --category, --vendor and --code, or --all.",
                exitCode: .usage)
        }
        guard let place = try await context.location(location, in: database) else {
            throw AppError("A count needs a location: give --location NAME.", exitCode: .usage)
        }
        let areas = try await areas(of: wanted, at: place)
        let scope: CountSession.Scope = wanted.everything ? .all : areas.isEmpty ? .open : .areas
        let described =
            wanted.everything ? "everything" : areas.isEmpty ? "open count" : areas.map(\.name).joined(separator: ", ")
        let title = name?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        try AppError.refuseControlCharacters(in: title, field: "--name")
        let day = String(context.clock.now().rfc3339.prefix(10))
        var random = SystemRandomNumberGenerator()
        let reference = "catalog-count-" + String(format: "%08x", UInt32.random(in: 0...UInt32.max, using: &random))
        return try await database.startCountSession(
            name: title.isEmpty ? "\(described) at \(place.name), \(day)" : title, locationID: place.id, scope: scope,
            areas: areas, blind: blind, counter: context.counter, reference: reference)
    }

    /// The session `id` whatever its state (to look at or post), else the one open at `location` (the
    /// counter's), else the one being posted there, else the latest posted or cancelled there.
    public func session(_ id: Int64?, location: String?) async throws -> CountSession {
        if let id, let session = try await database.countSession(id: id) { return session }
        if id == nil, let place = try await context.location(location, in: database) {
            // One read decides: a count another process starts posting meanwhile is still this one.
            let here = try await database.countSessions().filter { $0.locationID == place.id }
            let open = here.filter { $0.status == .open }
            if open.count == 1 { return open[0] }
            if open.isEmpty {
                let posting = here.filter { $0.status == .posting }
                if posting.count == 1 { return posting[0] }
                if posting.isEmpty, let latest = here.first { return latest }
            }
        }
        return try await openSession(id, location: location)
    }

    /// The session `id` (which must be open), else the one open session at `location` (the counter's).
    public func openSession(_ id: Int64?, location: String?) async throws -> CountSession {
        if let id {
            guard let session = try await database.countSession(id: id) else {
                throw AppError("There is no count \(id). See catalog count list.", exitCode: .notFound)
            }
            guard session.status == .open else {
                throw AppError(
                    "Count \(id) (\(session.name)) is \(session.status.rawValue); "
                        + "\(context.frontEnd.startCount("a new one")).",
                    exitCode: .dataError)
            }
            return session
        }
        guard let place = try await context.location(location, in: database) else {
            throw AppError("Give --location NAME or --session ID.", exitCode: .usage)
        }
        let open = try await database.countSessions(statuses: [.open]).filter { $0.locationID == place.id }
        switch open.count {
        case 0:
            throw AppError(
                "No count is open at \(place.name): \(context.frontEnd.startCount("one")).", exitCode: .notFound)
        case 1:
            return open[0]
        default:
            let list = open.map { "\($0.id) (\($0.name))" }.joined(separator: "; ")
            throw AppError(
                "Several counts are open at \(place.name): \(list). "
                    + (context.frontEnd == .commandLine
                        ? "Choose one with --session ID."
                        : "Scans count into one: \(FrontEnd.ask("finish the others"))."),
                exitCode: .usage)
        }
    }

    /// Counts `quantity` more of the variation `code` names in `session` (with `replacing`: sets its count).
    /// A negative quantity takes a miscount back; a count never goes below zero.
    public func count(_ code: String, quantity: Decimal, replacing: Bool = false, in session: CountSession)
        async throws -> Counted
    {
        guard abs(quantity) <= 1_000_000, replacing ? quantity >= 0 : quantity != 0 else {
            throw AppError(
                replacing
                    ? "A count is set to a number from 0 to 1,000,000, not \(Quantity.text(quantity))."
                    : "Count a number from 1 to 1,000,000 (or a negative one to take a miscount back), not "
                        + "\(Quantity.text(quantity)).",
                exitCode: .usage)
        }
        let place = try await location(of: session)
        let variation = try await Lookup.single(code, in: database, frontEnd: context.frontEnd).at(place)
        try await checkDecimals(quantity, of: variation)
        let existing = try await database.countLine(sessionID: session.id, variationID: variation.variationID)
        let area = try await area(for: variation, in: session, line: existing)
        if !replacing, (existing?.counted ?? 0) + quantity < 0 {
            throw AppError(
                "\(variation.label) has \(Terminal.quantity(existing?.counted ?? 0)) counted; taking "
                    + "\(Terminal.quantity(-quantity)) back would go below zero.",
                exitCode: .dataError)
        }
        // What Square expects is read when the line is first counted (nil when Square cannot be asked now).
        let expected = existing == nil ? await expectedQuantity(variation.variationID, at: session.locationID) : nil
        guard
            let line = try await database.addCount(
                sessionID: session.id, variationID: variation.variationID, quantity: quantity, replacing: replacing,
                counter: context.counter, expected: expected, areaID: area?.id)
        else {
            throw AppError(
                "Count \(session.id) was closed meanwhile" + (area.map { ", or its area \($0.name) was done" } ?? "")
                    + "; nothing was counted.", exitCode: .dataError)
        }
        return Counted(
            variation: variation, line: line, totals: try await database.countTotals(sessionID: session.id), area: area,
            warning: variation.isSold ? nil : "not sold at \(place.name)", added: quantity)
    }

    /// Counts the weight a scale label carries (`kilograms`) of `variation`, in the unit it is sold by (a
    /// weight: 1.250 kg of something sold per 100 g counts 12.5), rounded to the unit's decimals; refused for
    /// goods not sold by weight.
    public func count(_ variation: VariationSummary, weighing kilograms: Decimal, in session: CountSession)
        async throws -> Counted
    {
        let shelf = try await ShelfPrices.load(for: [variation], database: database, at: context.clock.now())
            .shelf(variation)
        guard let unit = shelf.soldBy, unit.dimension == .weight, let size = unit.size, size > 0 else {
            throw AppError(
                "\(variation.label) is not sold by weight, so a scale label's weight cannot count it: scan its own "
                    + "barcode, or type the count.", exitCode: .dataError)
        }
        var exact = kilograms / size
        var rounded = Decimal()
        NSDecimalRound(
            &rounded, &exact, min(unit.precision ?? Quantity.maximumDecimals, Quantity.maximumDecimals), .plain)
        return try await count(variation.variationID, quantity: rounded, in: session)
    }

    /// Refuses a quantity with decimals for a variation sold by the unit, and more decimals than its unit of
    /// measure (or Square) takes: 1.250 kg of loose tea counts, 1.5 tins does not.
    func checkDecimals(_ quantity: Decimal, of variation: VariationSummary) async throws {
        let places = Quantity.decimals(of: quantity)
        guard places > 0 else { return }
        let shelf = try await ShelfPrices.load(for: [variation], database: database, at: context.clock.now())
            .shelf(variation)
        guard let unit = shelf.soldBy else {
            throw AppError(
                "\(variation.label) is sold by the unit: count it in whole numbers, not \(Quantity.text(quantity)). "
                    + "Only goods sold by a unit of measure (a weight, a length) take decimals.",
                exitCode: .usage)
        }
        let most = min(unit.precision ?? Quantity.maximumDecimals, Quantity.maximumDecimals)
        guard places <= most else {
            throw AppError(
                "\(variation.label) is counted in \(unit.symbol) to \(most) decimal\(most == 1 ? "" : "s"); "
                    + "\(Quantity.text(quantity)) has \(places).", exitCode: .usage)
        }
    }

    /// The session's location, by the name the replica has for it.
    func location(of session: CountSession) async throws -> CounterLocation {
        try await context.location(session.locationID, in: database)
            ?? CounterLocation(id: session.locationID, name: session.locationID)
    }

    /// Square's IN_STOCK quantity of a variation at a location now ("0" when Square has no count), or nil
    /// when it cannot be read (no token, Square unreachable).
    func expectedQuantity(_ variationID: String, at locationID: String) async -> String? {
        guard let client = try? context.makeClient(),
            let counts = try? await ReorderSuggester(database: database, client: client).readCounts(
                ids: [variationID], locationID: locationID, progress: nil)
        else { return nil }
        try? await database.saveStockCounts(counts)
        return counts.first { $0.variationID == variationID }?.quantity ?? "0"
    }
}
