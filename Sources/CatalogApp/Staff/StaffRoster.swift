import CatalogCore
import Foundation
import Store

/// The shop's staff as `catalog staff` keeps them on the hub's computer: names, roles and PINs.
public struct StaffRoster: Sendable {
    /// The hub's database.
    public let database: any HubStateStore
    let clock: any CatalogClock

    /// The staff in the context's database, which must exist (as `HubDevices`).
    public init(context: AppContext) throws {
        database = try HubDevices(context: context).database
        clock = context.clock
    }

    /// The role `text` names (`counter` or `manager`, in any case); a usage error otherwise.
    public static func role(_ text: String) throws -> Role {
        guard let role = Role(rawValue: text.lowercased()) else {
            throw AppError(
                "--role must be \(Role.names), not “\(Terminal.echo(text))”.", exitCode: .usage)
        }
        return role
    }

    /// The staff, by name.
    public func members() async throws -> [StaffMember] { try await database.staff() }

    /// Adds `name` as `role` with `pin` (checked by `StaffPINs.problem`).
    public func add(_ name: String, role: Role, pin: String) async throws -> StaffMember {
        let trimmed = try Self.name(name)
        let kept = try Self.keep(pin)
        guard try await database.addStaff(name: trimmed, role: role, pin: kept, now: clock.now()) else {
            throw AppError(
                "Somebody on the staff is called “\(Terminal.echo(trimmed))” already: give another name, or change "
                    + "their PIN with catalog staff pin.", exitCode: .dataError)
        }
        return try await member(trimmed)
    }

    /// Removes `name` from the staff; what they did stays in the history under their name.
    public func remove(_ name: String) async throws {
        guard try await database.removeStaff(name: name) else { throw Self.nobody(name) }
    }

    /// Gives `name` the new `pin` and lifts any lockout.
    public func changePIN(of name: String, to pin: String) async throws {
        guard try await database.setStaffPIN(name: name, pin: try Self.keep(pin)) else { throw Self.nobody(name) }
    }

    /// The member called `name` (in any case).
    func member(_ name: String) async throws -> StaffMember {
        guard let found = try await members().first(where: { $0.name.lowercased() == name.lowercased() }) else {
            throw Self.nobody(name)
        }
        return found
    }

    /// `name` without spaces around it, when it is 1 to 40 characters of plain text.
    static func name(_ name: String) throws -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= 40 else {
            throw AppError("Give a staff name of 1 to 40 characters, such as Sam.", exitCode: .usage)
        }
        try AppError.refuseControlCharacters(in: trimmed, field: "NAME")
        return trimmed
    }

    static func keep(_ pin: String) throws -> StaffPIN {
        if let problem = StaffPINs.problem(with: pin) { throw AppError(problem, exitCode: .dataError) }
        return try StaffPINs.keep(pin)
    }

    static func nobody(_ name: String) -> AppError {
        AppError(
            "Nobody on the staff is called “\(Terminal.echo(name))”. catalog staff list shows who is.",
            exitCode: .notFound)
    }
}
