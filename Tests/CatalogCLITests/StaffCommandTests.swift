import CatalogApp
import CatalogCore
import Foundation
import GRDB
import Hub
import Store
import Testing

/// `catalog staff add|list|pin|remove` on the hub's database: PINs kept only as slow hashes, weak ones
/// refused, names unique.
@Suite struct StaffCommandTests {
    /// `catalog ARGUMENTS` with `input` on its standard input.
    static func run(_ arguments: [String], input: String, folder: URL) async throws -> CLIResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = CLI.environment(folder: folder, adding: [:])
        let stdin = Pipe()
        let out = folder.appendingPathComponent("stdout-\(UUID().uuidString)")
        let err = folder.appendingPathComponent("stderr-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardInput = stdin
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        return try await RunningCLI(process: process, out: out, err: err).finish()
    }

    @Test func staffAreAddedListedGivenNewPINsAndRemoved() async throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("hub.sqlite").path
        let database = try CatalogDatabase(path: path)
        let db = ["--db", path]

        let added = try await Self.run(
            ["staff", "add", "Sam", "--role", "manager", "--pin-stdin"] + db, input: "4827\n", folder: folder)
        #expect(added.status == 0 && added.stdout == "Added Sam as manager.\n", "\(added.all)")
        #expect(!added.all.contains("4827"))
        let kim = try await Self.run(["staff", "add", "Kim", "--pin-stdin"] + db, input: "50813\n", folder: folder)
        #expect(kim.status == 0 && kim.stdout.contains("as counter"), "\(kim.all)")

        // Weak PINs, a PIN that is not digits, a name taken already, a role that is none: refused, nothing added.
        for (pin, words) in [
            ("1234", "first anybody would try"), ("0000", "first anybody would try"), ("121212", "first anybody"),
            ("98765", "first anybody"), ("12a4", "4 to 8 digits"), ("123", "4 to 8 digits"),
            ("123456789", "4 to 8 digits"),
        ] {
            let weak = try await Self.run(
                ["staff", "add", "Lee", "--pin-stdin"] + db, input: pin + "\n", folder: folder)
            #expect(weak.status == 65 && weak.stderr.contains(words), "\(pin): \(weak.all)")
        }
        let taken = try await Self.run(["staff", "add", "sam", "--pin-stdin"] + db, input: "7391\n", folder: folder)
        #expect(taken.status == 65 && taken.stderr.contains("called “sam” already"), "\(taken.all)")
        let role = try await Self.run(
            ["staff", "add", "Lee", "--role", "boss", "--pin-stdin"] + db, input: "7391\n", folder: folder)
        #expect(role.status == 64 && role.stderr.contains("--role must be counter or manager"), "\(role.all)")

        let list = try await CLI.run(["staff", "list", "--json"] + db, folder: folder)
        #expect(list.status == 0, "\(list.all)")
        let members = try JSONValue.parse(list.stdout)
        #expect(members.arrayValue?.map { $0["name"] } == ["Kim", "Sam"], "\(list.stdout)")
        #expect(
            members[1]?["role"] == "manager" && members[1]?["failures"] == 0 && members[1]?["locked_until"] == .null)
        #expect(!list.stdout.contains("4827") && !list.stdout.contains("pin"), "\(list.stdout)")
        let text = try await CLI.run(["staff", "list"] + db, folder: folder)
        #expect(text.stdout.contains("Sam  manager  added "), "\(text.all)")

        // The PIN is kept as a slow hash only, and checks.
        let kept = try DatabaseQueue(path: path).read { db in
            try Row.fetchOne(db, sql: "SELECT pin_hash, pin_salt, pin_rounds FROM staff WHERE name = 'Sam'")
        }
        #expect((kept?["pin_rounds"] as Int?) ?? 0 >= 100_000)
        #expect(((kept?["pin_hash"] as String?) ?? "4827").count == 64 && kept?["pin_hash"] != "4827")
        let now = database.clock.now()
        #expect(try await StaffPINs.check(name: "Sam", pin: "4827", database: database, now: now).role == .manager)

        // A new PIN: the old one stops working.
        let pin = try await Self.run(["staff", "pin", "SAM", "--pin-stdin"] + db, input: "6093\n", folder: folder)
        #expect(pin.status == 0, "\(pin.all)")
        await #expect(throws: AppError.self) {
            try await StaffPINs.check(name: "Sam", pin: "4827", database: database, now: now)
        }
        #expect(try await StaffPINs.check(name: "Sam", pin: "6093", database: database, now: now).name == "Sam")

        let removed = try await CLI.run(["staff", "remove", "kim"] + db, folder: folder)
        #expect(removed.status == 0, "\(removed.all)")
        #expect(try await database.staff().map(\.name) == ["Sam"])
        let gone = try await CLI.run(["staff", "remove", "Kim"] + db, folder: folder)
        #expect(gone.status == 1 && gone.stderr.contains("Nobody on the staff is called “Kim”"), "\(gone.all)")
    }

    @Test func devicesArePairedAsCountersUnlessSaidAndListedWithTheirRole() async throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("hub.sqlite").path
        let database = try CatalogDatabase(path: path)
        let db = ["--db", path]
        for role in [nil, "manager"] {
            let made = try await CLI.run(
                ["devices", "pair", "--json"] + (role.map { ["--role", $0] } ?? []) + db, folder: folder)
            #expect(made.status == 0, "\(made.all)")
            let code = try #require(try JSONValue.parse(made.stdout)["code"]?.stringValue)
            let digest = DeviceKeys.digest(DeviceKeys.normalisedCode(code))
            _ = try await database.pairDevice(
                codeDigest: digest, name: role ?? "Till", tokenDigest: "t-\(code)", csrfToken: "c", from: nil,
                now: database.clock.now())
        }
        #expect(try await database.devices().map(\.role) == [.counter, .manager])
        let list = try await CLI.run(["devices", "list"] + db, folder: folder)
        #expect(list.stdout.contains("Till  counter  paired") && list.stdout.contains("manager  manager  paired"))
        let json = try JSONValue.parse(try await CLI.run(["devices", "list", "--json"] + db, folder: folder).stdout)
        #expect(json.arrayValue?.map { $0["role"] } == ["counter", "manager"])
        let wrong = try await CLI.run(["devices", "pair", "--role", "owner"] + db, folder: folder)
        #expect(wrong.status == 64 && wrong.stderr.contains("--role must be counter or manager"), "\(wrong.all)")
    }
}
