import CatalogCore
import Crypto
import Foundation
import Store
import _CryptoExtras

/// Staff PINs: what makes a PIN good enough, how one is kept (PBKDF2-SHA256 with a salt of its own, never
/// the PIN itself) and how one is checked, with wrong tries counted and a PIN locked after too many.
public enum StaffPINs {
    /// PBKDF2 rounds for a new PIN: about a tenth of a second per try on a counter PC.
    static let rounds = 210_000
    /// Wrong PINs in a row that lock it.
    public static let most = 5
    /// How long the `n`th lockout since the last right PIN lasts: 5 minutes, then 10, 20, ..., at most a day.
    @Sendable static func lockout(_ n: Int) -> Int64 { min(300 << Int64(min(n - 1, 16)), 86_400) }

    /// Why `pin` cannot be a PIN, in a sentence; nil when it can: 4 to 8 digits, not one digit repeated, not a
    /// run up or down (1234, 9876), not a pair repeated (1212) and not one of the PINs everybody tries first.
    public static func problem(with pin: String) -> String? {
        let digits = pin.compactMap(\.wholeNumberValue)
        guard digits.count == pin.count, pin.allSatisfy(\.isASCII), (4...8).contains(digits.count) else {
            return "A PIN is 4 to 8 digits (0-9), nothing else."
        }
        let steps = Set(zip(digits, digits.dropFirst()).map { ($1 - $0 + 10) % 10 })
        let pairRepeated =
            digits.count % 2 == 0
            && stride(from: 2, to: digits.count, by: 2).allSatisfy {
                digits[$0] == digits[0] && digits[$0 + 1] == digits[1]
            }
        let guessed: Set<String> = ["2580", "0852", "1004", "2000", "6969", "1122", "1313", "4321", "5683", "7777"]
        if steps == [0] || steps == [1] || steps == [9] || pairRepeated || guessed.contains(pin) {
            return "That PIN is one of the first anybody would try: choose digits that are not all the same, in a "
                + "row or in a pattern."
        }
        return nil
    }

    /// `pin` kept as PBKDF2-SHA256 over a new random salt.
    public static func keep(_ pin: String) throws -> StaffPIN {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let hash = try key(pin, salt: salt, rounds: rounds).withUnsafeBytes { hex(Array($0)) }
        return StaffPIN(hash: hash, salt: hex(salt), rounds: rounds)
    }

    /// The staff member named `name` when `pin` is theirs; otherwise an error staff can act on (exit 65: the
    /// hub answers it 403). Every wrong PIN is counted, and the `most`th in a row locks the PIN (`lockout`).
    public static func check(name: String, pin: String, database: any HubStateStore, now: Timestamp) async throws
        -> StaffMember
    {
        switch try await database.beginPINTry(name: name, now: now, most: most, lockout: lockout) {
        case .unknown:
            // As slow as a real check, so a name nobody has is not told apart by the time the answer takes.
            _ = try? await derived(pin, salt: [0], rounds: rounds)
            throw AppError("Nobody on the staff is called “\(Terminal.echo(name))”.", exitCode: .dataError)
        case .locked(let until):
            throw locked(name, until: until, now: now)
        case .compare(let member, let kept):
            // SymmetricKey compares in time that does not depend on where two keys differ.
            if try await derived(pin, salt: bytes(kept.salt), rounds: kept.rounds)
                == SymmetricKey(data: bytes(kept.hash))
            {
                try await database.pinAccepted(staffID: member.id)
                return member
            }
            if let until = member.lockedUntil, let end = Timestamp(rfc3339: until), now < end {
                throw locked(member.name, until: until, now: now)
            }
            let left = most - member.failures
            throw AppError(
                "That is not \(Terminal.echo(member.name))’s PIN. After \(left) more wrong "
                    + "PIN\(left == 1 ? "" : "s") it is locked for a while.", exitCode: .dataError)
        }
    }

    /// The PIN locked until `until`, said as a person reads it.
    static func locked(_ name: String, until: String, now: Timestamp) -> AppError {
        let minutes = max(1, ((Timestamp(rfc3339: until)?.seconds ?? now.seconds) - now.seconds + 59) / 60)
        return AppError(
            "\(Terminal.echo(name))’s PIN is locked after \(most) wrong tries: try again in \(minutes) "
                + "minute\(minutes == 1 ? "" : "s"), or have a manager give \(Terminal.echo(name)) a new PIN.",
            exitCode: .dataError)
    }

    /// Where PINs are checked: a tenth of a second of CPU each, on purpose, which must not hold one of Swift's
    /// cooperative threads (the hub's requests); PINs sent at once wait their turn here.
    static let checking = DispatchQueue(label: "catalog.staff-pins")

    /// `key(_:salt:rounds:)` worked out on `checking`.
    static func derived(_ pin: String, salt: [UInt8], rounds: Int) async throws -> SymmetricKey {
        try await withCheckedThrowingContinuation { continuation in
            checking.async { continuation.resume(with: Result { try key(pin, salt: salt, rounds: rounds) }) }
        }
    }

    /// PBKDF2-SHA256 of `pin` over `salt`.
    static func key(_ pin: String, salt: [UInt8], rounds: Int) throws -> SymmetricKey {
        try KDF.Insecure.PBKDF2.deriveKey(
            from: Array(pin.utf8), salt: salt, using: .sha256, outputByteCount: 32, rounds: rounds)
    }

    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    static func bytes(_ hex: String) -> [UInt8] {
        let characters = Array(hex.utf8)
        return stride(from: 0, to: characters.count - 1, by: 2).compactMap {
            UInt8(String(decoding: characters[$0...$0 + 1], as: UTF8.self), radix: 16)
        }
    }
}
