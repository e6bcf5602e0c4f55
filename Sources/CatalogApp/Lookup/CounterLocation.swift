import CatalogCore
import Store

/// The location a counter stands in (the struct is in Store, where prices are worked out per location).
extension CounterLocation {
    /// The location `wanted` names (an id or a name, any case), else the `configured` one, else the only
    /// one. `required: false` answers nil instead of failing when several exist and none was chosen. What
    /// to do about a missing location is said as `frontEnd` offers it.
    public static func resolve(
        _ wanted: String?, configured: String?, in database: any CatalogStore, required: Bool = true,
        frontEnd: FrontEnd
    ) async throws -> CounterLocation? {
        try resolve(
            wanted, configured: configured, among: try await database.locations(), required: required,
            frontEnd: frontEnd)
    }

    /// `resolve(_:configured:in:required:frontEnd:)` among Square's `stored` locations, already read.
    public static func resolve(
        _ wanted: String?, configured: String?, among stored: [JSONValue], required: Bool = true,
        frontEnd: FrontEnd
    ) throws -> CounterLocation? {
        let locations = ShopLocations.active(stored)
        // Staff on the hub read names; a person at a shell may need the id to type.
        let known = locations.map { frontEnd == .commandLine ? "\($0.name) (\($0.id))" : $0.name }
        if let wanted = wanted ?? configured {
            if let found = try match(wanted, in: locations) { return found }
            if locations.isEmpty { throw noLocations(frontEnd) }
            throw AppError(
                "No location is called or has the id “\(Terminal.echo(wanted))”. The locations are: \(known.joined(separator: "; ")).",
                exitCode: .usage)
        }
        if locations.count == 1 { return locations[0] }
        guard required else { return nil }
        if locations.isEmpty { throw noLocations(frontEnd) }
        throw AppError(
            "The shop has several locations: \(frontEnd.chooseLocation). The locations are: "
                + "\(known.joined(separator: "; ")).",
            exitCode: .usage)
    }

    /// The error for a catalog with no locations stored: nothing has synced yet.
    static func noLocations(_ frontEnd: FrontEnd) -> AppError {
        AppError("No locations are stored yet: \(frontEnd.sync) first.", exitCode: .unavailable)
    }

    /// The location `wanted` names: an exact id, else an exact name, else the one whose id or name differs
    /// only in case. Several that fit equally well are refused with their names and ids: "high street" must
    /// not write to "High Street" when both exist.
    static func match(_ wanted: String, in locations: [CounterLocation]) throws -> CounterLocation? {
        let text = wanted.trimmingCharacters(in: .whitespaces)
        if let byID = locations.first(where: { $0.id == text }) { return byID }
        let key = text.lowercased()
        for fits in [{ $0.name == text }, { $0.id.lowercased() == key || $0.name.lowercased() == key }]
            as [(CounterLocation) -> Bool]
        {
            let found = locations.filter(fits)
            if found.count == 1 { return found[0] }
            if found.count > 1 {
                throw AppError(
                    "“\(Terminal.echo(wanted))” could mean \(found.count) locations: "
                        + found.map { "\(Terminal.echo($0.name)) (\($0.id))" }.joined(separator: "; ")
                        + ". Give the location's id, or its name exactly as it is written.",
                    exitCode: .usage)
            }
        }
        return nil
    }
}
