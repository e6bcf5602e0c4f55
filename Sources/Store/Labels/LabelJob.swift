import CatalogCore
import GRDB

/// A label job in the print queue: tags asked for by a counter, the CLI or the hub, the printer chosen for
/// them, and how far they got. Every print goes through the queue, so a job that could not be sent, or that
/// CUPS gave up on, stays until a person retries it (on the same printer or another) or cancels it.
public struct LabelJob: Sendable, Equatable, Codable {
    /// Where a job stands.
    public enum State: String, Sendable, Codable, CaseIterable {
        /// Waiting to be sent.
        case queued
        /// Being sent to CUPS now.
        case sending
        /// CUPS has it; not known to be printed yet.
        case printing
        /// CUPS says it printed.
        case completed
        /// It could not be sent, or CUPS gave up on it; `reason` says why. Retried or cancelled by a person.
        case failed
        /// A person took it back.
        case cancelled

        /// Whether a person can still retry it or send it to another printer: it failed, was cancelled, or
        /// waits at a printer.
        public var canRetry: Bool { [.failed, .cancelled, .printing].contains(self) }
        /// Whether it can still be cancelled.
        public var canCancel: Bool { [.queued, .failed, .printing].contains(self) }
    }

    /// How its printer was chosen.
    public enum Route: String, Sendable, Codable, CaseIterable {
        /// Named with the job (`--printer`, the page's choice).
        case asked
        /// A route for the counter, the template or the location (`catalog printers route`).
        case route
        /// `labels.printer` in the settings.
        case settings
        /// The CUPS default printer.
        case cupsDefault = "default"
    }

    /// Its number in the queue.
    public var id: Int64?
    public var createdAt: String
    public var updatedAt: String
    /// The counter (or computer) that asked for it.
    public var counter: String
    /// The location whose prices the tags show, when one.
    public var locationID: String?
    /// The template's name, and the file it came from when it was not one of the library's by name.
    public var template: String
    public var templatePath: String?
    /// The labels in it (tags and aisle headings) and how many of them are tags.
    public var labels: Int
    public var tags: Int
    public var copies: Int
    /// What it is, in a few words ("3 tags: Spring prices").
    public var title: String
    /// The printer it goes (or went) to; nil: the CUPS default, whichever that is when it is sent.
    public var printer: String?
    public var route: Route
    public var state: State
    /// The job's number at CUPS once sent.
    public var cupsJobID: Int?
    /// Why it failed or waits, in words.
    public var reason: String?
    /// How many times it was sent.
    public var attempts: Int
    /// The labels themselves, as JSON: what a retry prints again.
    public var content: String

    public init(
        createdAt: String, counter: String, locationID: String?, template: String, templatePath: String?,
        labels: Int, tags: Int, copies: Int, title: String, printer: String?, route: Route, content: String
    ) {
        self.createdAt = createdAt
        self.updatedAt = createdAt
        self.counter = counter
        self.locationID = locationID
        self.template = template
        self.templatePath = templatePath
        self.labels = labels
        self.tags = tags
        self.copies = copies
        self.title = title
        self.printer = printer
        self.route = route
        self.state = .queued
        self.attempts = 0
        self.content = content
    }
}

extension LabelJob: StoreRecord, PersistableRecord, FetchableRecord {
    public static let databaseTableName = "label_jobs"
}

/// Where the tags of a template, a counter or a location are printed when a job names no printer
/// (`catalog printers route`). A field left nil matches any.
public struct PrinterRoute: Sendable, Equatable {
    public var template: String?
    public var counter: String?
    public var locationID: String?
    public var printer: String

    public init(template: String?, counter: String?, locationID: String?, printer: String) {
        self.template = template
        self.counter = counter
        self.locationID = locationID
        self.printer = printer
    }
}

/// A row of `printer_routes`: an empty text matches any (SQLite's keys hold no NULLs apart).
struct PrinterRouteRecord: StoreRecord, PersistableRecord, FetchableRecord {
    static let databaseTableName = "printer_routes"
    var template: String
    var counter: String
    var locationID: String
    var printer: String

    init(_ route: PrinterRoute) {
        template = route.template ?? ""
        counter = route.counter ?? ""
        locationID = route.locationID ?? ""
        printer = route.printer
    }

    var route: PrinterRoute {
        PrinterRoute(
            template: template.isEmpty ? nil : template, counter: counter.isEmpty ? nil : counter,
            locationID: locationID.isEmpty ? nil : locationID, printer: printer)
    }
}

extension CatalogDatabase {
    /// Migration v23: the print queue, the printer routes, and which job each printed tag came with.
    static let labelJobSchema = """
        CREATE TABLE label_jobs (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            counter TEXT NOT NULL,
            location_id TEXT,
            template TEXT NOT NULL,
            template_path TEXT,
            labels INTEGER NOT NULL,
            tags INTEGER NOT NULL,
            copies INTEGER NOT NULL,
            title TEXT NOT NULL,
            printer TEXT,
            route TEXT NOT NULL CHECK (route IN ('asked', 'route', 'settings', 'default')),
            state TEXT NOT NULL
                CHECK (state IN ('queued', 'sending', 'printing', 'completed', 'failed', 'cancelled')),
            cups_job_id INTEGER,
            reason TEXT,
            attempts INTEGER NOT NULL DEFAULT 0,
            content TEXT NOT NULL
        );
        CREATE INDEX label_jobs_open ON label_jobs(state) WHERE state IN ('queued', 'sending', 'printing');
        CREATE TABLE printer_routes (
            template TEXT NOT NULL DEFAULT '',
            counter TEXT NOT NULL DEFAULT '',
            location_id TEXT NOT NULL DEFAULT '',
            printer TEXT NOT NULL,
            PRIMARY KEY (template, counter, location_id)
        );
        ALTER TABLE print_log ADD COLUMN label_job_id INTEGER;
        CREATE INDEX print_log_label_job ON print_log(label_job_id) WHERE label_job_id IS NOT NULL;
        """

    /// Puts `job` in the queue: the job as stored, with its number.
    public func enqueue(_ job: LabelJob) async throws -> LabelJob {
        try await write { db in try job.insertAndRead(db, as: LabelJob.self) }
    }

    /// Job `id`, if there is one.
    public func labelJob(id: Int64) async throws -> LabelJob? {
        try await read { db in try LabelJob.fetchOne(db, key: id) }
    }

    /// The queue, newest first: every job in one of `states` (all when nil), at most `limit`.
    public func labelJobs(states: Set<LabelJob.State>? = nil, limit: Int = 100) async throws -> [LabelJob] {
        try await read { db in
            var request = LabelJob.order(Column("id").desc).limit(limit)
            if let states { request = request.filter(states.map(\.rawValue).contains(Column("state"))) }
            return try request.fetchAll(db)
        }
    }

    /// Takes job `id` for sending at `now` if it is queued (so two senders never send it twice): the job as it
    /// is now, else nil.
    public func claimLabelJob(id: Int64, at now: Timestamp) async throws -> LabelJob? {
        try await write { db in
            let claimed = try LabelJob.filter(key: id).filter(Column("state") == LabelJob.State.queued.rawValue)
                .updateAll(
                    db, Column("state").set(to: LabelJob.State.sending.rawValue), Column("attempts") += 1,
                    Column("updated_at").set(to: now.rfc3339), Column("reason").set(to: nil))
            return claimed == 1 ? try LabelJob.fetchOne(db, key: id) : nil
        }
    }

    /// Job `id` is with CUPS as `cupsJobID` on `printer`: notes it, and keeps each of `prints` in the print log
    /// as this job's, in one transaction. The job as it is now.
    @discardableResult
    public func labelJobSent(
        id: Int64, printer: String, cupsJobID: Int, prints: [PrintRecord], at now: Timestamp
    ) async throws -> LabelJob? {
        try await write { db in
            _ = try LabelJob.filter(key: id).updateAll(
                db, Column("state").set(to: LabelJob.State.printing.rawValue), Column("printer").set(to: printer),
                Column("cups_job_id").set(to: cupsJobID), Column("updated_at").set(to: now.rfc3339),
                Column("reason").set(to: nil))
            for record in prints {
                var row = PrintLogRecord(record)
                row.id = nil
                row.labelJobID = id
                try row.insert(db)
            }
            return try LabelJob.fetchOne(db, key: id)
        }
    }

    /// Job `id` ended (`completed`, `failed` or `cancelled`) or waits with a `reason` (`printing`): notes it,
    /// with its tags in the print log (failed and cancelled tags are not on a shelf). A job that ended
    /// already is left as it is. The job as it is now.
    @discardableResult
    public func settleLabelJob(id: Int64, state: LabelJob.State, reason: String?, at now: Timestamp) async throws
        -> LabelJob?
    {
        try await write { db in
            guard var job = try LabelJob.fetchOne(db, key: id) else { return nil }
            guard [.queued, .sending, .printing].contains(job.state) || state == .cancelled && job.state == .failed
            else { return job }
            job.state = state
            job.reason = reason
            job.updatedAt = now.rfc3339
            try job.update(db)
            let logged: PrintRecord.Status? =
                switch state {
                case .completed: .completed
                case .failed, .cancelled: .failed
                default: nil
                }
            if let logged {
                typealias Columns = PrintLogRecord.Columns
                // Only this attempt's tags: those of an earlier attempt failed already.
                _ = try PrintLogRecord.filter(Columns.labelJobID == id && Columns.status == "submitted").updateAll(
                    db, Columns.status.set(to: logged.rawValue),
                    Columns.reason.set(to: state == .cancelled ? "cancelled" : reason))
            }
            return job
        }
    }

    /// Puts job `id` back in the queue for `printer` (nil: the CUPS default) chosen by `route`, if a person can
    /// retry it: the job as it is now, else as it was (for the caller to say why not), or nil when there is
    /// no such job. Its tags printed before are marked failed: a retry prints them again.
    public func requeueLabelJob(id: Int64, printer: String?, route: LabelJob.Route, at now: Timestamp)
        async throws -> LabelJob?
    {
        try await write { db in
            guard var job = try LabelJob.fetchOne(db, key: id) else { return nil }
            guard job.state.canRetry else { return job }
            job.state = .queued
            job.printer = printer
            job.route = route
            job.cupsJobID = nil
            job.reason = nil
            job.updatedAt = now.rfc3339
            try job.update(db)
            typealias Columns = PrintLogRecord.Columns
            _ = try PrintLogRecord.filter(Columns.labelJobID == id && Columns.status != "failed").updateAll(
                db, Columns.status.set(to: "failed"), Columns.reason.set(to: "sent again as a retry"))
            return job
        }
    }

    /// Jobs left `sending` by a process that stopped part way: failed, since CUPS may or may not have them.
    /// The jobs so marked.
    public func failInterruptedLabelJobs(reason: String, at now: Timestamp) async throws -> [LabelJob] {
        try await write { db in
            let stuck = try LabelJob.filter(Column("state") == LabelJob.State.sending.rawValue).fetchAll(db)
            for var job in stuck {
                job.state = .failed
                job.reason = reason
                job.updatedAt = now.rfc3339
                try job.update(db)
            }
            return stuck
        }
    }

    /// Every printer route.
    public func printerRoutes() async throws -> [PrinterRoute] {
        try await read { db in
            try PrinterRouteRecord.order(Column("template"), Column("counter"), Column("location_id")).fetchAll(db)
                .map(\.route)
        }
    }

    /// Sets `route`, replacing the one for the same template, counter and location.
    public func setPrinterRoute(_ route: PrinterRoute) async throws {
        try await write { db in try PrinterRouteRecord(route).save(db) }
    }

    /// Removes the route for exactly this template, counter and location; whether there was one.
    public func removePrinterRoute(template: String?, counter: String?, locationID: String?) async throws -> Bool {
        try await write { db in
            try PrinterRouteRecord.deleteOne(
                db,
                key: ["template": template ?? "", "counter": counter ?? "", "location_id": locationID ?? ""])
        }
    }
}
