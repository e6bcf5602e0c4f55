import ArgumentParser
import CatalogApp
import CatalogCore
import CommandSupport
import Foundation
import Labels
import Store

/// `catalog count ...`: stock counts with the scanner and by hand.
struct CountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "count",
        abstract: "Count stock: open a count at a location, count into it by scanning or typing.",
        discussion: """
            A count is open at one location until it is posted to Square or cancelled. \
            Its scope is some categories, some vendors, everything sold there (--all), or, with none of \
            these, whatever is counted. Several counters may count into the same count at once; every \
            count adds up. Commands act on the one count open at the counter's location (--location, \
            CATALOG_LOCATION or location: in the config); --session ID chooses when several are open.
            Examples:
              catalog count start --location "High Street" --category Snacks --name "Snacks aisle"
              catalog scan --mode count            (each scan counts one; CATALOG:QTY:12 before a case)
              catalog count add 4006381333931 --qty 12
              catalog count add 4006381333931 --qty 10 --set      (a correction: the count is now 10)
              catalog count show
              catalog count review                 (counted against what Square expects, and the variance)
              catalog count post                   (physical counts to Square, once)
              catalog count export --format csv --output snacks-count.csv
            """,
        subcommands: [
            CountStartCommand.self, CountListCommand.self, CountShowCommand.self, CountAddCommand.self,
            CountReviewCommand.self, CountPostCommand.self, CountExportCommand.self, CountCancelCommand.self,
        ]
    )
}

/// Which count a command acts on: --session, else the one open at the counter's location.
struct CountSessionOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The count's location (name or id); default the counter's.", valueName: "name"))
    var location: String?

    @Option(help: ArgumentHelp("The count to act on, when several are open (see catalog count list).", valueName: "id"))
    var session: Int64?
}

/// `catalog count start`.
struct CountStartCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "start", abstract: "Open a count at a location, of some categories, vendors, everything, or open.")

    @OptionGroup var options: GlobalOptions

    @Option(help: ArgumentHelp("Where the count is (name or id); default the counter's location.", valueName: "name"))
    var location: String?

    @Option(help: ArgumentHelp("Count this category (repeat for several).", valueName: "name"))
    var category: [String] = []

    @Option(help: ArgumentHelp("Count what this vendor supplies (repeat for several).", valueName: "name"))
    var vendor: [String] = []

    @Flag(name: .customLong("all"), help: "Count everything sold at the location.")
    var everything = false

    @Option(help: ArgumentHelp("A name for the count (default: its scope, location and day).", valueName: "text"))
    var name: String?

    @Flag(help: "Print the count as one JSON object.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let session = try await CountWorkflow(context: context, database: try context.openDatabase()).start(
            name: name, location: location, categories: category, vendors: vendor, everything: everything)
        if json {
            output.out(session.json)
        } else {
            output.out("Count \(session.id) is open: \(Terminal.visible(session.name)).")
        }
    }
}

/// `catalog count list`.
struct CountListCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the counts: open ones, or every one with --all.")

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Also the posted and cancelled counts.")
    var all = false

    @Flag(help: "One JSON object per count.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let database = try context.openDatabase()
        let sessions = try await database.countSessions(statuses: all ? nil : [.open])
        if sessions.isEmpty, !json {
            output.out(all ? "No counts yet: start one with catalog count start." : "No count is open.")
        }
        for session in sessions {
            let totals = try await database.countTotals(sessionID: session.id)
            if json {
                var object = session.json
                object["lines"] = .int(totals.lines)
                object["units"] = .number(Quantity.text(totals.units))
                output.out(object)
            } else {
                output.out(
                    "\(session.id)  \(session.status.rawValue)  \(Terminal.visible(session.name))  "
                        + "\(totals.lines) lines, \(Terminal.quantity(totals.units)) units  started \(session.startedAt) by "
                        + Terminal.visible(session.counter))
            }
        }
    }
}

/// `catalog count show`.
struct CountShowCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show what a count holds so far, line by line.")

    @OptionGroup var options: GlobalOptions
    @OptionGroup var which: CountSessionOptions

    @Flag(help: "One JSON object per line.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let database = try context.openDatabase()
        let session = try await CountWorkflow(context: context, database: database).session(
            which.session, location: which.location)
        let lines = try await database.countLines(sessionID: session.id)
        if !json {
            output.out("Count \(session.id), \(session.status.rawValue): \(Terminal.visible(session.name))")
        }
        for line in lines {
            let variation = try await database.variations(objectID: line.variationID).first
            if json {
                output.out(CountOutput.json(line, variation: variation))
            } else {
                output.out(
                    "  \(Terminal.column(Terminal.quantity(line.counted), 9)) "
                        + Terminal.visible(variation?.label ?? line.variationID)
                        + (line.expected.map { "  (Square expected \($0))" } ?? "")
                        + Self.posting(line))
            }
        }
        if lines.isEmpty, !json { output.out("  nothing counted yet") }
    }
}

extension CountShowCommand {
    /// How a line's posting went, for the line as shown.
    static func posting(_ line: CountLine) -> String {
        switch line.postStatus {
        case nil: return line.zeroFilled ? "  (not counted: 0)" : ""
        case .queued: return "  waiting in the outbox"
        case .posted: return line.zeroFilled ? "  posted as 0 (not counted)" : "  posted"
        case .refused: return "  REFUSED by Square: " + Terminal.visible(line.postReason ?? "")
        case .untracked: return "  left out: not tracked in Square here"
        }
    }
}

/// `catalog count add CODE [--qty N] [--set]`.
struct CountAddCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Count a variation by hand: add to its count, or set it (--set).")

    @OptionGroup var options: GlobalOptions
    @OptionGroup var which: CountSessionOptions

    @Argument(help: "A barcode, SKU or variation id.")
    var code: String

    @Option(
        name: .customLong("qty"),
        help: ArgumentHelp(
            "How many (a negative number, as --qty=-2, takes a miscount back). Goods sold by weight or another "
                + "unit of measure take decimals: --qty 1.250.", valueName: "n"))
    var quantity = "1"

    @Flag(name: .customLong("set"), help: "Set the count to --qty instead of adding (a correction).")
    var replacing = false

    @Flag(help: "Print the line as one JSON object.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let workflow = CountWorkflow(context: context, database: try context.openDatabase())
        let session = try await workflow.openSession(which.session, location: which.location)
        guard let amount = Quantity.parse(quantity) else {
            throw AppError(
                "--qty \(Terminal.echo(quantity)) is not a number: give a whole number such as 12, or a weight "
                    + "with a point and up to five decimals such as 1.250.", exitCode: .usage)
        }
        let counted = try await workflow.count(code, quantity: amount, replacing: replacing, in: session)
        if json {
            var object = CountOutput.json(counted.line, variation: counted.variation)
            object["session_lines"] = .int(counted.totals.lines)
            object["session_units"] = .number(Quantity.text(counted.totals.units))
            output.out(object)
        } else {
            output.out(CountOutput.text(counted))
        }
    }
}

/// `catalog count review`.
struct CountReviewCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Set a count against what Square expects: variance per line in units and at cost, and totals.",
        discussion: """
            Square's IN_STOCK counts at the count's location are read again now (when Square cannot be \
            reached, those read at each line's first count are used, and the review says so). Variations in \
            the count's scope that were not counted are listed apart: they are never taken as zero unless \
            you say so when posting. Costs are the vendor's unit cost from Square's vendor information.
            """)

    @OptionGroup var options: GlobalOptions
    @OptionGroup var which: CountSessionOptions

    @Flag(help: "Print the review as one JSON object.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let database = try context.openDatabase()
        let workflow = CountWorkflow(context: context, database: database)
        let session = try await workflow.session(which.session, location: which.location)
        let review = try await workflow.review(session)
        output.out(json ? CountOutput.json(review).jsonString : CountOutput.text(review))
    }
}

/// `catalog count post`.
struct CountPostCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "post",
        abstract: "Post a count to Square: each counted line as a physical count, once.",
        discussion: """
            The count stops taking counts, then each line goes to Square as a PHYSICAL_COUNT of IN_STOCK \
            at the count's location, as of when it was last counted: sales Square recorded after that still \
            apply on top. Batches are kept in the outbox with their idempotency keys before they are sent; \
            when Square cannot be reached they wait there and the next catalog sync (or this command again) \
            sends them, once. A line Square refuses is reported with Square's reason; the others post.
            Variations in the count's scope that were never counted are not touched unless you give \
            --zero-uncounted. Variations whose stock Square does not track at the location are left out \
            unless you give --track, which turns tracking on for them first.
            Exit status: 0 every line posted (or the count was already posted: nothing is sent twice), 65 \
            posted in part: Square refused a line, or lines were left out as untracked (the count stays open \
            for them), 75 some wait in the outbox (Square out of reach, or another catalog process posting the \
            same count has not finished).
            """)

    @OptionGroup var options: GlobalOptions
    @OptionGroup var which: CountSessionOptions

    @Flag(help: "Post the variations in scope never counted as 0 (none are, without it).")
    var zeroUncounted = false

    @Flag(help: "Turn on Square's stock tracking for lines it does not track here, and post them.")
    var track = false

    @Flag(help: "Print the outcome as one JSON object.")
    var json = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let workflow = CountWorkflow(context: context, database: try context.openDatabase())
        let session = try await workflow.session(which.session, location: which.location)
        let posting = try await workflow.post(
            session, zeroUncounted: zeroUncounted, track: track,
            progress: { done, total in context.progress.status("Posting count \(session.id): \(done) of \(total) lines")
            })
        context.progress.clearStatus()
        output.out(json ? CountOutput.json(posting).jsonString : CountOutput.text(posting))
        if posting.waitingReason != nil { throw ExitCode(ExitStatus.tryLater.rawValue) }
        if !posting.lines(.refused).isEmpty || !posting.lines(.untracked).isEmpty {
            throw ExitCode(ExitStatus.dataError.rawValue)
        }
    }
}

/// `catalog count export`: the review as a file.
struct CountExportCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a count's review to a file: CSV, JSON or a PDF report.",
        discussion: """
            The same figures as catalog count review: a row per line counted, then one per variation in \
            scope not counted. CSV is RFC 4180 UTF-8 with a header row (--excel: a byte-order mark, ; between \
            fields, formula-safe cells); JSON is what count review --json prints; PDF is a printed report (a \
            section per category, what was not counted, the totals), drawn like the purchase list. A file is \
            written in full \
            under a temporary name and then renamed.
            Columns: \(CountOutput.exportColumns.joined(separator: ", ")).
            """)

    @OptionGroup var options: GlobalOptions
    @OptionGroup var which: CountSessionOptions

    @Option(help: ArgumentHelp("csv (default), json or pdf.", valueName: "format"))
    var format = "csv"

    @Option(
        help: ArgumentHelp(
            "PDF paper: letter or a4 (default: reorder.paper in the config, else letter).", valueName: "paper"))
    var paper: String?

    @Option(
        name: [.customShort("o"), .customLong("output")],
        help: ArgumentHelp("The file to write; - or none for standard output."))
    var outputFile: String?

    @Flag(help: "CSV for Excel: a UTF-8 byte-order mark, ; between fields, formula-safe cells.")
    var excel = false

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        guard ["csv", "json", "pdf"].contains(format.lowercased()) else {
            throw AppError("--format \(format) is not known: use csv, json or pdf.", exitCode: .usage)
        }
        if format.lowercased() == "pdf", outputFile == nil || outputFile == "-", output.columns != nil {
            throw AppError(
                "A PDF is not for the terminal: give --output FILE.pdf (or pipe it somewhere).", exitCode: .usage)
        }
        try OutputFile.refuseOverwriting(
            outputFile.map(context.path), option: "--output", inputs: context.settings.keptFiles)
        let workflow = CountWorkflow(context: context, database: try context.openDatabase())
        let review = try await workflow.review(try await workflow.session(which.session, location: which.location))
        let bytes: [UInt8]
        switch format.lowercased() {
        case "json": bytes = Array((CountOutput.json(review).jsonString + "\n").utf8)
        case "pdf":
            let name = (paper ?? context.settings.reorder.paper ?? "letter").lowercased()
            guard let sheet = PurchaseList.Paper(rawValue: name) else {
                throw AppError("--paper \(name) is not known: use letter or a4.", exitCode: .usage)
            }
            do {
                bytes = try PurchaseListRenderer.pdf(
                    CountOutput.report(review, paper: sheet, at: context.clock.now()))
            } catch {
                throw AppError("Cannot draw the count report: \(error)", exitCode: .internalError)
            }
        default: bytes = CountOutput.csv(review, excel: excel)
        }
        if let outputFile, outputFile != "-" {
            try OutputFile.replace(context.path(outputFile), with: bytes)
            output.error(
                "Wrote count \(review.session.id) (\(review.counted.count) counted, "
                    + "\(review.notCounted.count) not counted) to \(outputFile).")
        } else {
            output.write(bytes)
        }
    }
}

/// `catalog count cancel`.
struct CountCancelCommand: ContextCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "cancel", abstract: "Cancel an open count; nothing of it goes to Square.")

    @OptionGroup var options: GlobalOptions
    @OptionGroup var which: CountSessionOptions

    func run(_ context: AppContext, _ output: CommandOutput) async throws {
        let database = try context.openDatabase()
        let session = try await CountWorkflow(context: context, database: database).openSession(
            which.session, location: which.location)
        guard try await database.cancelCountSession(session.id) else {
            throw AppError("Count \(session.id) was closed meanwhile.", exitCode: .dataError)
        }
        output.out("Count \(session.id) (\(Terminal.visible(session.name))) is cancelled; nothing was posted.")
    }
}
