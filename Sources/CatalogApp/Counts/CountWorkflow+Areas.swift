import CatalogCore
import Foundation
import Store
import Sync

/// A count's areas: several people count different areas of one count at once, each area open, counted,
/// sent back for a recount, or done; what nobody counted in a done area is proposed as zero.
extension CountWorkflow {
    /// One area and how far its counting has got.
    public struct AreaProgress: Sendable {
        public var area: CountArea
        /// The variations it covers that are sold at the count's location.
        public var size: Int
        /// How many of them have a line in the count.
        public var counted: Int
        /// The units counted in it.
        public var units: Decimal

        public var json: JSONValue {
            var object = area.json
            object["size"] = .int(Int64(size))
            object["counted"] = .int(Int64(counted))
            object["units"] = .number(Quantity.text(units))
            return object
        }
    }

    /// The areas `scope` asks for at `place`, each checked: a shelf prefix no variation there has, a category
    /// or vendor the shop does not have, or a code that names nothing, is refused naming it.
    func areas(of scope: Scope, at place: CounterLocation) async throws -> [CountArea] {
        let now = context.clock.now().rfc3339
        var areas: [CountArea] = []
        for wanted in scope.shelves {
            let prefix: String
            do {
                prefix = try ShelfPlace.tidied(wanted) ?? ""
            } catch {
                throw AppError("--shelf: \(error.description)", exitCode: .usage)
            }
            guard !prefix.isEmpty, !(try await database.shelved(at: place.id, prefix: prefix)).isEmpty else {
                throw AppError(
                    "No variation has a shelf place starting with “\(Terminal.echo(prefix))” at \(place.name): "
                        + "give a shelf that is set (\(context.frontEnd == .commandLine ? "catalog shelf list" : "the shelves")).",
                    exitCode: .dataError)
            }
            areas.append(
                CountArea(name: "Shelves \(prefix)", kind: .shelves, ids: [prefix], at: now, by: context.counter))
        }
        if !scope.categories.isEmpty {
            let resolution = try await CategoryResolver(database: database).resolve(scope.categories, create: false)
            for (id, name) in zip(resolution.ids, resolution.names) {
                areas.append(CountArea(name: name, kind: .category, ids: [id], at: now, by: context.counter))
            }
        }
        if !scope.vendors.isEmpty {
            let known = try await database.vendorNames()
            for wanted in scope.vendors {
                let key = wanted.trimmingCharacters(in: .whitespaces).lowercased()
                guard let match = known.first(where: { $0.key.lowercased() == key || $0.value.lowercased() == key })
                else {
                    let names = known.values.sorted().joined(separator: "; ")
                    throw AppError(
                        "No vendor is called or has the id “\(Terminal.echo(wanted))”. The vendors are: "
                            + (names.isEmpty ? "none (\(context.frontEnd.sync))" : names) + ".", exitCode: .usage)
                }
                areas.append(
                    CountArea(name: match.value, kind: .vendor, ids: [match.key], at: now, by: context.counter))
            }
        }
        if !scope.codes.isEmpty {
            var ids: [String] = []
            for code in scope.codes {
                let variation = try await Lookup.single(code, in: database, frontEnd: context.frontEnd)
                if !ids.contains(variation.variationID) { ids.append(variation.variationID) }
            }
            areas.append(
                CountArea(
                    name: "\(ids.count) listed item\(ids.count == 1 ? "" : "s")", kind: .codes, ids: ids, at: now,
                    by: context.counter))
        }
        if let wanted = scope.due {
            guard (1...10_000).contains(wanted) else {
                throw AppError(
                    "--due \(wanted): give how many to count, from 1 to 10,000, such as 50.", exitCode: .usage)
            }
            let due = try await due(days: scope.dueDays, location: place.id, limit: wanted)
            guard !due.lines.isEmpty else {
                throw AppError(
                    "Nothing at \(place.name) is due: every item tracked there was counted in the last "
                        + "\(scope.dueDays) days.", exitCode: .dataError)
            }
            areas.append(
                CountArea(
                    name: "\(due.lines.count) due for a count", kind: .codes,
                    ids: due.lines.map(\.variation.variationID),
                    at: now, by: context.counter))
        }
        var seen = Set<String>()
        return areas.filter { seen.insert($0.name.lowercased()).inserted }
    }

    /// The area of `session` a count of `variation` goes to: the one its line is in, else of those holding it
    /// one sent back for a recount, else one being counted, else one counted, and among those the most
    /// specific (a list of codes, then shelves, a vendor, a category); nil in a count without areas.
    /// Refused when no area holds it (a stray scan from the next aisle) or every one holding it is done.
    func area(for variation: VariationSummary, in session: CountSession, line: CountLine?) async throws -> CountArea? {
        guard session.scope == .areas else { return nil }
        let areas = try await database.countAreas(sessionID: session.id)
        if let id = line?.areaID, let area = areas.first(where: { $0.id == id }), area.takesCounts { return area }
        let holding = try await database.areas(areas, holding: variation, at: session.locationID)
        let statuses: [CountArea.Status] = [.recount, .open, .counted]
        let kinds: [CountArea.Kind] = [.codes, .shelves, .vendor, .category]
        let ranked = holding.filter(\.takesCounts).sorted {
            (statuses.firstIndex(of: $0.status) ?? 9, kinds.firstIndex(of: $0.kind) ?? 9)
                < (statuses.firstIndex(of: $1.status) ?? 9, kinds.firstIndex(of: $1.kind) ?? 9)
        }
        if let area = ranked.first { return area }
        if let done = holding.first {
            throw AppError(
                "\(variation.label) is in \(done.name), which is done: "
                    + (context.frontEnd == .commandLine
                        ? "send it back with catalog count recount \"\(done.name)\" to count it again."
                        : "a manager sends it back for a recount to count it again."),
                exitCode: .dataError)
        }
        throw AppError(
            "\(variation.label) is not in this count's areas (\(areas.map(\.name).joined(separator: ", "))); count it "
                + "in another count, or " + context.frontEnd.startCount("an open one") + ".", exitCode: .dataError)
    }

    /// Each area of `session` with how far it has got.
    public func progress(of session: CountSession) async throws -> [AreaProgress] {
        let place = try await location(of: session)
        let lines = try await database.countLines(sessionID: session.id)
        var progress: [AreaProgress] = []
        for area in try await database.countAreas(sessionID: session.id) {
            let members = try await database.members(of: area, at: place.id).map { $0.at(place) }
                .filter { $0.isSold && !$0.isArchived }
            let mine = lines.filter { $0.areaID == area.id }
            progress.append(
                AreaProgress(
                    area: area, size: members.count, counted: mine.count,
                    units: mine.reduce(Decimal(0)) { $0 + $1.counted }))
        }
        return progress
    }

    /// The area of `session` called `name` (without regard to case), or an error listing them.
    public func area(named name: String, in session: CountSession) async throws -> CountArea {
        let areas = try await database.countAreas(sessionID: session.id)
        let key = name.trimmingCharacters(in: .whitespaces).lowercased()
        if let area = areas.first(where: { $0.name.lowercased() == key || "shelves \(key)" == $0.name.lowercased() }) {
            return area
        }
        throw AppError(
            "Count \(session.id) has no area “\(Terminal.echo(name))”"
                + (areas.isEmpty
                    ? "; it has no areas." : ". Its areas are: \(areas.map(\.name).joined(separator: "; "))."),
            exitCode: .notFound)
    }

    /// Says area `area` is counted (whoever counted it): open or in recount → counted.
    public func finish(_ area: CountArea, in session: CountSession) async throws -> CountArea {
        try await move(area, to: .counted, from: [.open, .recount], in: session)
    }

    /// Accepts area `area` (a manager): it takes no more counts, and the variations in it that nobody
    /// counted, sold and tracked at the location, are returned as proposed zeros (`count post
    /// --zero-uncounted` posts them).
    public func accept(_ area: CountArea, in session: CountSession) async throws -> (
        area: CountArea, proposedZeros: [VariationSummary]
    ) {
        let done = try await move(area, to: .done, from: [.open, .counted], in: session)
        return (done, try await proposedZeros(in: session, areas: [done]))
    }

    /// The variations of `areas` (the done ones of `session` when nil) that nobody counted and that are sold
    /// at the location: what posting sets to zero when asked (`--zero-uncounted`). With `trackedOnly`, only
    /// those whose stock Square tracks there (or that the replica does not know to be untracked): the others
    /// are posted only once tracking is turned on (`--track`).
    public func proposedZeros(in session: CountSession, areas wanted: [CountArea]? = nil, trackedOnly: Bool = true)
        async throws -> [VariationSummary]
    {
        let place = try await location(of: session)
        var areas = wanted ?? []
        if wanted == nil { areas = try await database.countAreas(sessionID: session.id).filter { $0.status == .done } }
        let counted = Set(try await database.countLines(sessionID: session.id).map(\.variationID))
        var seen = Set<String>()
        var missing: [VariationSummary] = []
        for area in areas {
            for variation in try await database.members(of: area, at: place.id).map({ $0.at(place) })
            where variation.isSold && !variation.isArchived && !counted.contains(variation.variationID)
                && seen.insert(variation.variationID).inserted
            {
                missing.append(variation)
            }
        }
        guard trackedOnly else { return missing }
        let tracking = try await database.inventoryTracking(
            variationIDs: missing.map(\.variationID), locationID: place.id)
        return missing.filter { tracking[$0.variationID] != false }
    }

    /// Sends `area` back for a recount (a manager): its lines are set aside (the review keeps them) and it is
    /// counted again from nothing.
    public func recount(_ area: CountArea, in session: CountSession) async throws -> CountArea {
        try refuseClosed(session, "its areas can no longer be sent back")
        guard let id = area.id, let sent = try await database.recount(areaID: id, counter: context.counter) else {
            throw AppError("Count \(session.id) was closed meanwhile; nothing was sent back.", exitCode: .dataError)
        }
        return sent
    }

    /// Sends back for a recount the lines of `review` whose variance is more than `units` either way, or
    /// worth more than `value` at cost either way (a line qualifies by either): they become a new area,
    /// "Recount N", of those variations. Nil when no line is over.
    public func recount(_ review: CountReview, overUnits units: Decimal?, overValue value: Money?) async throws
        -> CountArea?
    {
        guard units != nil || value != nil else {
            throw AppError("Give --over UNITS or --over-value AMOUNT, or an area to recount.", exitCode: .usage)
        }
        try refuseClosed(review.session, "its lines can no longer be sent back")
        let over = review.counted.filter { line in
            guard let variance = line.variance else { return false }
            if let units, abs(variance) > units { return true }
            if let value, let cost = line.varianceCost, cost.currency == value.currency,
                abs(cost.amount) > value.amount
            {
                return true
            }
            return false
        }
        guard !over.isEmpty else { return nil }
        let session = review.session
        let existing = try await database.countAreas(sessionID: session.id)
        let number = existing.filter { $0.name.hasPrefix("Recount ") }.count + 1
        let ids = over.map(\.variation.variationID)
        guard
            let area = try await database.addCountAreas(
                [
                    CountArea(
                        name: "Recount \(number)", kind: .codes, ids: ids, at: context.clock.now().rfc3339,
                        by: context.counter)
                ], sessionID: session.id
            ).first, let areaID = area.id,
            let sent = try await database.recount(areaID: areaID, variationIDs: ids, counter: context.counter)
        else {
            throw AppError("Count \(session.id) was closed meanwhile; nothing was sent back.", exitCode: .dataError)
        }
        return sent
    }

    /// `text` as an amount of the currency the review's costs are in (an over-value threshold), or a usage
    /// error naming `option`.
    public static func amount(_ text: String, in review: CountReview, option: String) throws -> Money {
        let currency = review.counted.lazy.compactMap { $0.supply?.unitCost?.currency }.first ?? "GBP"
        guard let money = try? Money.parse(text, currency: currency), money.amount >= 0 else {
            throw AppError("\(option) \(Terminal.echo(text)): give an amount, such as 8.50.", exitCode: .usage)
        }
        return money
    }

    /// Moves `area` to `status` from one of `from`, or says in words why it cannot.
    func move(_ area: CountArea, to status: CountArea.Status, from: Set<CountArea.Status>, in session: CountSession)
        async throws -> CountArea
    {
        try refuseClosed(session, "its areas no longer change")
        guard let id = area.id,
            let moved = try await database.moveCountArea(id: id, to: status, from: from, counter: context.counter)
        else { throw AppError("Count \(session.id) has no area \(area.name) any more.", exitCode: .notFound) }
        guard moved.moved else {
            let now = moved.area.status
            throw AppError(
                now == status
                    ? "\(area.name) is \(Self.words(now)) already."
                    : "\(area.name) is \(Self.words(now)), so it cannot be marked \(Self.words(status)).",
                exitCode: .dataError)
        }
        return moved.area
    }

    /// Refuses, saying `why`, a change to `session` once it is no longer open (posted, being posted or
    /// cancelled): a new count of the area is the way to count it again.
    func refuseClosed(_ session: CountSession, _ why: String) throws {
        guard session.status != .open else { return }
        let state = session.status == .posting ? "being posted" : session.status.rawValue
        throw AppError(
            "Count \(session.id) (\(session.name)) is \(state): \(why). Start a new count to count it again.",
            exitCode: .dataError)
    }

    /// An area's state as staff read it.
    public static func words(_ status: CountArea.Status) -> String {
        switch status {
        case .open: "being counted"
        case .counted: "counted"
        case .recount: "sent back for a recount"
        case .done: "done"
        }
    }
}
