import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Printing
import Sandbox
import SquareAPI
import Store
import Sync
import Testing

/// What the hub tells staff when something cannot be done says what a person can do on its pages, or whom
/// to ask, never a command to type (FrontEnd's words for the hub); and its history names what was changed.
@Suite struct HubWordsTests {
    static let widget = "0012345678905"

    /// The commands of `catalog` a message must not tell staff to run.
    static let commands = [
        "sync", "count", "devices", "outbox", "serve", "edit", "reorder", "item", "show", "search", "scan",
        "history", "label", "import", "codes", "synonyms",
    ]

    /// Whether `text` gives staff a shell command: `catalog` and a subcommand, `sudo`, or an option (`--x`).
    static func command(in text: String) -> String? {
        if let found = commands.first(where: { text.contains("catalog \($0)") }) { return "catalog \(found)" }
        if text.contains("sudo") { return "sudo" }
        if text.contains("--") { return "--" }
        return nil
    }

    /// Records an issue when `answer` (its body and the note header the counter page shows) gives a command,
    /// and answers its words.
    @discardableResult
    static func words(_ answer: HubShop.Answer, _ what: String) -> String {
        let note = answer.header("Catalog-Note").flatMap { $0.removingPercentEncoding } ?? ""
        let text = answer.text + note
        if let command = command(in: text) { Issue.record("\(what) tells staff to run “\(command)”: \(text)") }
        return text
    }

    @Test func commonFailuresSayWhatToDoOnThePagesNotWhatToType() async throws {
        try await HubShop.inMemory { shop in
            // Retry back-offs pass at once on the test clock.
            shop.clock.advanceSleeps(shorterThan: .seconds(30))
            let device = try await shop.pair()

            // An unknown code: sync from the Sync page.
            let unknown = try await shop.request("GET", "/api/v1/variations/NO-SUCH-SKU-9", device: device)
            #expect(unknown.status == 404)
            #expect(Self.words(unknown, "an unknown code").contains("press Sync now on the Sync page"))

            // A code a sync held back: the search's note for the counter page says it, without the command.
            let client = try shop.context.makeClient()
            let created = try await client.upsertCatalogObject(
                SquareObjects.newItem(key: "held", name: "Held Thing", sku: "HELD-THING-1", pence: 300))
            let heldID = try #require(created.object["id"]?.stringValue)
            await shop.server.setFaults(SandboxFaults(badObjects: [heldID]))
            _ = try await SyncEngine(database: shop.database, client: client).run(full: true)
            await shop.server.setFaults(SandboxFaults())
            let held = try await shop.request("GET", "/api/v1/search?q=HELD-THING-1", device: device)
            #expect(held.status == 200)
            let heldNote = Self.words(held, "a held-back code's search note")
            #expect(
                heldNote.contains("“Held Thing” could not be stored") && heldNote.contains("the next sync stores it"))
            #expect(!heldNote.contains(heldID), "staff read the item's name, not Square's id: \(heldNote)")

            // No count open at the counter's location: the count it was counting into is cancelled.
            let counts = try CountWorkflow(context: shop.context)
            let count = try await counts.start(name: "Shelves", location: "High Street")
            let counting = try await shop.request(
                "POST", "/api/v1/counters/till-4/mode", body: ["mode": "count"], device: device)
            #expect(counting.status == 200, "\(counting.text)")
            try await counts.cancel(count)
            let noCount = try await shop.request(
                "POST", "/api/v1/scans", body: ["id": "w-1", "code": .string(Self.widget), "counter": "till-4"],
                device: device)
            #expect(Self.words(noCount, "a scan with no count open").contains("No count is open at High Street"))
            let state = try await shop.request("GET", "/api/v1/counters/till-4", device: device)
            Self.words(state, "the counter's modes")

            // A reorder line that is gone.
            let gone = try await shop.request(
                "POST", "/api/v1/reorder/9999/quantity", body: ["quantity": 2], device: device)
            #expect(gone.status == 404)
            #expect(Self.words(gone, "a reorder line that is gone").contains("the Reorder page shows the list"))

            // A price of "base" everywhere, and a reorder factor out of range.
            let base = try await shop.request(
                "POST", "/api/v1/variations/\(Self.widget)/price", body: ["price": "base"], device: device)
            #expect(base.status == 400, "\(base.text)")
            #expect(Self.words(base, "a base price everywhere").contains("only at this location"))
            let factor = try await shop.request(
                "POST", "/api/v1/reorder/suggest", body: ["factor": 500], device: device)
            #expect(factor.status == 400, "\(factor.text)")
            #expect(Self.words(factor, "a factor out of range").contains("Factor must be between 1 and 100"))

            // A barcode another variation has.
            let taken = try await shop.request(
                "POST", "/api/v1/variations/05012345003627/barcode", body: ["gtin": .string(Self.widget)],
                device: device)
            #expect(taken.status == 422, "\(taken.text)")
            #expect(Self.words(taken, "a barcode another variation has").contains("fix that variation first"))

            // Square cannot be reached: the price change waits in the outbox, seen on the Outbox page.
            await shop.server.setFaults(SandboxFaults(foreignAnswerEvery: 1))
            let queued = try await shop.request(
                "POST", "/api/v1/variations/\(Self.widget)/price", body: ["price": "9.99"], device: device)
            await shop.server.setFaults(SandboxFaults())
            #expect(queued.status == 202, "\(queued.text)")
            #expect(Self.words(queued, "a queued price change").contains("the next sync (see the Outbox page)"))
            Self.words(try await shop.request("GET", "/api/v1/outbox", device: device), "the outbox")

            // No printing service at all: the job is kept in the print queue, failed, and says what to do on the
            // pages: no CUPS command, no sudo.
            let printed = try await shop.request(
                "POST", "/api/v1/labels/print", body: ["code": .string(Self.widget), "printer": "no-such-printer"],
                device: device)
            #expect(printed.status == 202 && printed.json["state"] == "failed", "\(printed.text)")
            #expect(Self.words(printed, "printing with no printing service").contains("Printers page"))
            Self.words(try await shop.request("GET", "/api/v1/printers", device: device), "the printers")
        }
    }

    @Test func printingFailuresNameThePagesAndWhomToAskNotCupsCommands() {
        let failures: [PrintingError] = [
            .cupsUnreachable(server: "/run/cups/cups.sock"), .noDefaultPrinter(available: []),
            .noDefaultPrinter(available: ["tags"]), .unknownPrinter(name: "x", available: []),
            .unknownPrinter(name: "x", available: ["tags"]), .notAcceptingJobs(printer: "tags", message: "jam"),
            .printerStopped(printer: "tags", message: nil),
            .mediaNotSupported(printer: "tags", requested: "a4", available: []),
            .jobFailed(printer: "tags", jobID: 3, reason: "the printer reported errors"),
            .requestFailed(action: "list printers", message: "timeout"),
        ]
        for failure in failures {
            let staff = FrontEnd.hub.explain(failure)
            #expect(Self.command(in: staff.description) == nil, "\(staff.description)")
            #expect(
                !["cupsaccept", "cupsenable", "lpadmin", "lpoptions", "lpstat", "systemctl"].contains {
                    staff.description.contains($0)
                }, "\(staff.description)")
            #expect(staff.exitStatus == failure.exitStatus)
            // At a shell the words are CUPS's own, as before.
            #expect(FrontEnd.commandLine.explain(failure).description == failure.description)
        }
    }

    @Test func squareFailuresOnTheHubNameNeitherAddressesNorSettings() {
        let url = "http://127.0.0.1:9/v2/catalog/object/ABC"
        let failures: [SquareError] = [
            SquareError(kind: .unreachable, url: url, reason: "connection refused"),
            SquareError(kind: .timedOut, url: url), SquareError(kind: .badResponse, url: url),
            SquareError(kind: .cancelled, url: url),
            SquareError(kind: .api(status: 401), url: url),
            SquareError(
                kind: .api(status: 400), url: url,
                errors: [SquareAPIError(category: "INVALID_REQUEST_ERROR", code: "VERSION_MISMATCH")]),
            SquareError(kind: .api(status: 403), url: url), SquareError(kind: .api(status: 404), url: url),
            SquareError(kind: .api(status: 429), url: url), SquareError(kind: .api(status: 503), url: url),
            SquareError(
                kind: .api(status: 400), url: url,
                errors: [SquareAPIError(category: "INVALID_REQUEST_ERROR", code: "INVALID_VALUE", detail: "too long")]),
        ]
        for failure in failures {
            let staff = FrontEnd.hub.explain(failure).description
            #expect(Self.command(in: staff) == nil, "\(staff)")
            #expect(!staff.contains("SQUARE_") && !staff.contains("http") && !staff.contains("/v2/"), "\(staff)")
            #expect(FrontEnd.hub.explain(failure).exitStatus == failure.exitStatus)
            #expect(FrontEnd.commandLine.explain(failure).description == failure.description)
        }
    }

    @Test func aSyncWaitingTooLongForAnotherSaysSoWithoutAPathOrProcess() {
        let failure = StoreError.syncRunning(path: "/var/lib/catalog/hub.sqlite", process: 4242, waited: .seconds(600))
        let staff = FrontEnd.hub.explain(failure)
        #expect(staff.description.contains("still running after 10 minutes"), "\(staff.description)")
        #expect(!staff.description.contains("/var/lib") && !staff.description.contains("4242"), "\(staff.description)")
        #expect(Self.command(in: staff.description) == nil, "\(staff.description)")
        #expect(staff.exitStatus == .tryLater)
        let shell = FrontEnd.commandLine.explain(failure).description
        #expect(
            shell.contains("/var/lib/catalog/hub.sqlite (process 4242)") && shell.contains("10 minutes"), "\(shell)")
    }

    @Test func aHubWithoutATokenOrALocationSaysWhomToAsk() async throws {
        try await HubShop.inMemory(location: nil, squareToken: false) { shop in
            let device = try await shop.pair()
            let status = try await shop.request("GET", "/api/v1/sync", device: device)
            #expect(status.json["available"] == false)
            #expect(
                Self.words(status, "the sync's status").contains(
                    "the hub has no Square access token; ask whoever looks after the hub to give it one"))
            let sync = try await shop.request("POST", "/api/v1/sync", body: [:], device: device)
            #expect(sync.status == 503, "\(sync.text)")
            Self.words(sync, "asking for a sync")
            Self.words(try await shop.request("GET", "/office", device: device), "the back office overview")

            // The demo shop has two locations and the hub was given none.
            let suggest = try await shop.request("POST", "/api/v1/reorder/suggest", body: [:], device: device)
            #expect(suggest.status == 400, "\(suggest.text)")
            #expect(
                Self.words(suggest, "suggesting with no location").contains(
                    "ask whoever looks after the hub to give the hub its location"))
        }
    }

    @Test func unpairedDevicesAndSpentCodesAreToldWhereANewCodeComesFrom() async throws {
        try await HubShop.inMemory { shop in
            let unpaired = try await shop.request("GET", "/api/v1/counters")
            #expect(unpaired.status == 401)
            #expect(Self.words(unpaired, "an unpaired device").contains("a new pairing code from whoever looks after"))
            // The pairing page an unpaired screen opens says where a code comes from, in staff words.
            let page = try await shop.request("GET", "/pair")
            #expect(Self.words(page, "the pairing page").contains("Pair a device"), "\(page.text)")

            let code = try await shop.pairingCode()
            shop.clock.advance(by: .seconds(601))
            let late = try await shop.request(
                "POST", "/api/v1/pair", body: ["code": .string(code), "device_name": "Till 5"])
            #expect(late.status == 422)
            #expect(Self.words(late, "an expired pairing code").contains("older than ten minutes"))
            for attempt in 1...12 {
                let wrong = try await shop.request(
                    "POST", "/api/v1/pair", body: ["code": .string("WRNG-\(1000 + attempt)"), "device_name": "Till 5"])
                Self.words(wrong, "wrong pairing code \(attempt)")
            }
        }
    }

    @Test func theHistoryNamesWhatWasChangedAndTheIdOnlyOfWhatIsGone() async throws {
        try await HubShop.inMemory { shop in
            let device = try await shop.pair()
            let widget = try await Lookup.single(Self.widget, in: shop.database)
            let here = try await shop.request(
                "POST", "/api/v1/variations/\(Self.widget)/price", body: ["price": "4.49", "where": "here"],
                device: device)
            #expect(here.status == 200, "\(here.text)")
            let history = try await shop.request("GET", "/api/v1/history?limit=5", device: device)
            let newest = try #require(history.json[0])
            #expect(newest["object_id"]?.stringValue == widget.variationID)
            #expect(newest["name"]?.stringValue == widget.label, "\(newest)")
            #expect(newest["field_name"] == "price at High Street", "\(newest)")

            // The variation deleted in Square and synced away: its row keeps the id, with no name.
            let client = try shop.context.makeClient()
            _ = try await client.deleteCatalogObject(id: widget.itemID)
            _ = try await SyncEngine(database: shop.database, client: client).run()
            let after = try await shop.request("GET", "/api/v1/history?limit=5", device: device)
            #expect(after.json[0]?["name"] == .null, "\(after.text)")
            #expect(after.json[0]?["object_id"]?.stringValue == widget.variationID)
        }
    }
}
