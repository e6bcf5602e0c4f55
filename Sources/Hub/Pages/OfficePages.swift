import CatalogApp
import CatalogCore
import Foundation
import Hummingbird
import Store

/// The back office: `/office` (an overview with counts) and a page each for the reorder list, stale tags,
/// the outbox, the history, the printers and the sync. Each is a small server-rendered shell that
/// `office.js` fills from the API and keeps current from the hub's events.
enum OfficePages {
    /// Each page: its path's last part, title, the heading and the sentence under it, and its main part.
    static let pages: [String: (title: String, heading: String, intro: String, main: String)] = [
        "reorder": (
            "Reorder", "Reorder list",
            "What the shop wants to order, by supplier. Change a quantity, take a line off, order a supplier's "
                + "lines, and receive stock when it arrives.",
            """
            <div class="tools"><button type="button" id="suggest">Suggest from Square's stock</button>\
            <label class="check"><input type="checkbox" id="show-closed"> Show received and removed lines</label>\
            </div><div id="reorder-list" class="list"><p class="note">Loading…</p></div>
            """
        ),
        "tags": (
            "Tags", "Stale tags",
            "Tags on the shelves here whose price has changed since they were printed. Choose the ones to "
                + "reprint, a template and a printer.",
            """
            <form id="tags-form" class="list"><div class="fields">\
            <label>Template <select id="tag-template"></select></label>\
            <label>Printer <select id="tag-printer"></select></label>\
            <button type="submit" id="print-stale">Print the chosen tags</button></div>\
            <table class="stack"><thead><tr><th><input type="checkbox" id="select-all" \
            aria-label="Choose every tag"></th><th>Item</th><th>Printed price</th><th>Price now</th>\
            <th>Printed on</th></tr></thead><tbody id="tags-body"></tbody></table></form>
            """
        ),
        "plans": (
            "Plans", "Price plans",
            "Price changes staged for a time: the hub applies each once when its time comes. "
                + "Print a plan's tags ahead, in the order of the shelves. A manager stages a supplier's price file "
                + "for a time, and can cancel a plan not applied yet.",
            """
            <form id="plan-form" class="fields"><label>Name <input id="plan-name" autocomplete="off"></label>\
            <label>Takes effect <input type="text" id="plan-at" required placeholder="2026-12-01 08:00" \
            autocomplete="off"></label>\
            <label>Price file <input type="file" id="plan-file" accept=".csv,.txt,text/csv,text/plain" required></label>\
            <label>Prices for <select id="plan-where"><option value="everywhere">every location</option>\
            <option value="here">this location only</option></select></label>\
            <button type="submit" id="plan-stage">Stage the plan</button></form>\
            <div class="tools"><label class="check"><input type="checkbox" id="plans-all"> Show applied and \
            cancelled plans</label><label>Template <select id="plan-template"></select></label>\
            <label>Printer <select id="plan-printer"></select></label></div>\
            <div id="plans-list" class="list"><p class="note">Loading…</p></div>
            """
        ),
        "counts": (
            "Counts", "Stock counts",
            "Count the shop an area at a time: shelves, categories or suppliers, or what has gone longest without a "
                + "count. Counters scan in count mode; each says when an area is counted, and a manager accepts it "
                + "or sends it back, looks at the differences and posts the count to Square.",
            """
            <form id="count-form" class="fields"><label>Name <input type="text" id="count-name" autocomplete="off"></label>\
            <label>Shelves <input type="text" id="count-shelves" placeholder="A3, A4" autocomplete="off"></label>\
            <label>Categories <input type="text" id="count-categories" placeholder="Snacks, Drinks" \
            autocomplete="off"></label>\
            <label>Suppliers <input type="text" id="count-vendors" autocomplete="off"></label>\
            <label>Most overdue <input type="number" id="count-due" min="1" max="10000" placeholder="50"></label>\
            <label class="check"><input type="checkbox" id="count-everything"> Everything sold here</label>\
            <label class="check"><input type="checkbox" id="count-blind"> Blind: counters see no stock</label>\
            <button type="submit" id="count-start">Start the count</button></form>\
            <div class="tools"><label class="check"><input type="checkbox" id="counts-all"> Show posted and \
            cancelled counts</label></div>\
            <div id="counts-list" class="list"><p class="note">Loading…</p></div>
            """
        ),
        "outbox": (
            "Outbox", "Outbox",
            "Changes made here that have not reached Square yet. When someone changed the same thing in Square "
                + "meanwhile, decide which value to keep.",
            "<div id=\"outbox-list\" class=\"list\"><p class=\"note\">Loading…</p></div>"
        ),
        "history": (
            "History", "History",
            "Every change this shop's counters wrote to Square, newest first.",
            """
            <div class="tools"><label>Show <select id="history-limit"><option value="50">the last 50</option>\
            <option value="200">the last 200</option><option value="500">the last 500</option></select>\
            </label></div><table class="stack"><thead><tr><th>When</th><th>Counter</th><th>What</th>\
            <th>Change</th></tr></thead><tbody id="history-body"></tbody></table>
            """
        ),
        "printers": (
            "Printers", "Printers and the print queue",
            "Every counter's label jobs and how far each got, then the printers the hub's CUPS knows, whether they "
                + "take jobs, and what they report. A job that did not print can be sent again, here or to another "
                + "printer.",
            """
            <h2 class="section">Print queue</h2><div class="tools"><label class="check">\
            <input type="checkbox" id="queue-all"> Show every job kept</label></div>\
            <table class="stack"><thead><tr><th>When</th><th>Tags</th><th>Printer</th><th>State</th>\
            <th>What to do</th></tr></thead><tbody id="queue-body"></tbody></table>\
            <h2 class="section">Printers</h2>\
            <div class="tools"><button type="button" id="printers-refresh" class="secondary">Check again</button>\
            </div><table class="stack"><thead><tr><th>Printer</th><th>State</th><th>Takes jobs</th>\
            <th>Reports</th></tr></thead><tbody id="printers-body"></tbody></table>\
            <h2 class="section">Where labels print</h2><ul id="routes-list" class="routes"></ul>
            """
        ),
        "sync": (
            "Sync", "Sync with Square",
            "The hub brings Square's catalog here when it starts, when Square says something changed, and every "
                + "few minutes.",
            """
            <div class="tools"><button type="button" id="sync-now">Sync now</button></div>\
            <dl id="sync-facts" class="facts"></dl>
            """
        ),
    ]

    static func add(to router: Router<HubRequestContext>, services: HubServices) {
        router.get("/office") { _, context in
            guard let device = context.device else { return pairPage() }
            let shop = try? await services.shop()
            let main = await overview(services: services, here: shop?.here, timeZone: shop?.format?.timeZone)
            return HubPages.page(
                render("/office", "Back office", "Back office", "", main, device, shop?.here?.name, shop?.format))
        }
        router.get("/office/:page") { _, context in
            guard let device = context.device else { return pairPage() }
            let name = context.parameters.get("page") ?? ""
            guard let page = pages[name] else {
                return HubResponse.error(
                    "There is no page /office/\(name); the nav lists the pages.", status: .notFound)
            }
            let shop = try? await services.shop()
            return HubPages.page(
                render(
                    "/office/\(name)", page.title, page.heading, page.intro, page.main, device, shop?.here?.name,
                    shop?.format))
        }
    }

    /// The pairing page, 401, as `/` answers an unpaired browser.
    static func pairPage() -> Response {
        var response = HubPages.page(PairPage.render(code: nil, problem: nil))
        response.status = .unauthorized
        return response
    }

    static func render(
        _ path: String, _ title: String, _ heading: String, _ intro: String, _ main: String, _ device: PairedDevice,
        _ location: String?, _ format: LocationFormat? = nil
    ) -> String {
        let page = path.split(separator: "/").last.map { String($0) } ?? "office"
        let body = """
            \(PageHeader.render(current: path, location: location, device: device))\
            <main class="office" id="office" data-page="\(page)"><h1>\(HTML.escape(heading))</h1>\
            \(intro.isEmpty ? "" : "<p class=\"intro\">\(HTML.escape(intro))</p>")\
            <p id="status" class="status" role="status" aria-live="polite"></p>\(main)</main>\
            <p id="offline" class="offline-banner" role="alert">The connection to the hub is lost; reconnecting…</p>
            """
        return HTML.page(
            title: "\(title) · catalog", body: body, script: "office.js",
            meta: [("csrf-token", device.csrfToken), ("device-name", device.name), ("location", location ?? "")]
                + (format?.meta ?? []), styles: ["office.css"])
    }

    /// The overview: one card per page with the numbers that say whether it needs a look.
    static func overview(services: HubServices, here: CounterLocation?, timeZone: String? = nil) async -> String {
        let workflow = ReorderWorkflow(context: services.context, database: services.database)
        let open = (try? await workflow.lines(statuses: [.wanted, .ordered], location: services.location)) ?? []
        let wanted = open.filter { $0.status == .wanted }.count
        let vendors = Set(open.filter { $0.status == .wanted }.map(ReorderOutput.vendor)).count
        let stale = (try? await StaleTags.list(at: here, database: services.database).count) ?? 0
        let outbox = (try? await services.database.outboxEntries(statuses: OutboxReview.open)) ?? []
        let conflicts = outbox.filter { $0.status == .conflict }.count
        let failed = outbox.filter { $0.status == .failed }.count
        let last = (try? await services.database.history(limit: 1))?.first
        let printers = (try? await services.context.printing.destinations()) ?? []
        let failedJobs = (try? await services.database.labelJobs(states: [.failed], limit: 500).count) ?? 0
        let plans = (try? await services.database.stagedPlans(statuses: [.staged])) ?? []
        let counts = (try? await services.database.countSessions(statuses: [.open, .posting])) ?? []
        let stillPosting = counts.contains { $0.status == .posting } ? "; one is still going to Square" : ""
        let stopped = printers.filter { !$0.isAcceptingJobs || $0.state.rawValue == "stopped" }.count
        let sync = await services.sync.status
        let unavailable = services.sync.unavailable
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        // A time as staff read it: the day and the minute, 24-hour, in the location's time zone (UTC, said, when
        // the hub does not know it).
        func minute(_ time: String) -> String {
            guard let zone = timeZone.flatMap(TimeZone.init(identifier:)), let moment = Timestamp(rfc3339: time) else {
                return "\(time.prefix(10)) \(time.dropFirst(11).prefix(5)) UTC"
            }
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_GB_POSIX")
            formatter.timeZone = zone
            formatter.dateFormat = "yyyy-MM-dd HH:mm"
            return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(moment.seconds)))
        }
        let cards: [(String, String, String, Bool)] = [
            (
                "/office/reorder", "Reorder",
                "\(plural(wanted, "line")) to order from \(plural(vendors, "supplier")); "
                    + "\(open.count - wanted) on order", false
            ),
            (
                "/office/tags", "Tags", stale == 0 ? "No stale tags here" : "\(plural(stale, "tag")) to reprint",
                stale > 0
            ),
            (
                "/office/outbox", "Outbox",
                outbox.isEmpty
                    ? "Every change has reached Square"
                    : "\(outbox.count - conflicts - failed) waiting, \(conflicts) to decide, \(failed) failed",
                conflicts + failed > 0
            ),
            (
                "/office/history", "History",
                last.map { "Last change \(minute($0.at)) by \($0.counter)" } ?? "No changes yet",
                false
            ),
            (
                "/office/printers", "Printers",
                printers.isEmpty
                    ? "CUPS has no printers"
                    : "\(plural(printers.count, "printer")), \(stopped) stopped"
                        + (failedJobs > 0 ? "; \(plural(failedJobs, "label job")) did not print" : ""),
                printers.isEmpty || stopped > 0 || failedJobs > 0
            ),
            (
                "/office/plans", "Price plans",
                plans.first.map { "\(plural(plans.count, "plan")) staged; the next at \(minute($0.plan.effectiveAt))" }
                    ?? "No price changes staged", false
            ),
            (
                "/office/counts", "Stock counts",
                counts.isEmpty ? "No count open" : "\(plural(counts.count, "count")) open" + stillPosting, false
            ),
            (
                "/office/sync", "Sync",
                unavailable.map { "No sync: \($0)" } ?? sync.lastError.map { "Last sync failed: \($0)" }
                    ?? sync.finishedAt.map { "Last synced \(minute($0.rfc3339))" }
                    ?? "Not synced since the hub started",
                unavailable != nil || sync.lastError != nil
            ),
            ("/pair/new", "Pair a device", "A code and a QR code for a new phone, tablet or counter (managers)", false),
        ]
        let items = cards.map { path, name, line, attention in
            "<li class=\"tile\(attention ? " attention" : "")\"><a href=\"\(path)\"><strong>\(name)</strong>"
                + "<span>\(HTML.escape(line))</span></a></li>"
        }
        return "<ul class=\"tiles\">\(items.joined())</ul>"
    }
}
