import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Printing
import PrintingTestSupport
import Scanner
import Store
import Testing

/// One start for every counter (the command line's `catalog scan`, the hub's counters): each mode the
/// counter can offer is on, and each it cannot says why, with the error a front end asked for it reports.
@Suite struct CounterStartTests {
    @Test func eachModeIsOnOrSaysWhyItIsOff() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            // The demo shop has several locations and none is chosen: counting and receiving are off.
            var (session, off) = try await CounterSession.start(
                counter: "till", context: shop.context, location: nil, labels: nil, printer: nil)
            #expect(off[.count]?.exitStatus == .usage && off[.receive]?.exitStatus == .usage)
            #expect(off[.shelf]?.exitStatus == .usage)
            #expect(off[.label] == nil)
            let refusal = session.switchMode(to: .count) ?? ""
            #expect(refusal.hasPrefix("count mode is off: The shop has several locations"), "\(refusal)")
            let noLabels = session.switchMode(to: .label)
            #expect(noLabels?.hasPrefix("label mode needs --template") == true)
            let reorder = session.switchMode(to: .reorder)
            #expect(reorder == nil && session.mode == .reorder)

            // At High Street with a token: count and receive are on.
            (session, off) = try await CounterSession.start(
                counter: "till", context: shop.context, location: "High Street", labels: nil, printer: nil)
            #expect(off.isEmpty, "\(off)")
            #expect(session.location?.name == "High Street")
            let (count, receive) = (session.switchMode(to: .count), session.switchMode(to: .receive))
            #expect(count == nil && receive == nil)
            #expect(session.switchMode(to: .shelf) == nil)

            // Without a Square token receiving and shelving are off, with the token's own error (exit 69).
            var noToken = shop.context
            noToken.settings = try Settings.resolve(
                SettingsOverrides(database: shop.databasePath, squareBaseURL: shop.server.baseURL.absoluteString),
                environment: ["HOME": shop.folder.path])
            (session, off) = try await CounterSession.start(
                counter: "till", context: noToken, location: "High Street", labels: nil, printer: nil)
            #expect(off.keys.sorted { $0.rawValue < $1.rawValue } == [.receive, .shelf])
            #expect(off[.receive]?.exitStatus == .unavailable && off[.shelf]?.exitStatus == .unavailable)
            let counting = session.switchMode(to: .count)
            let receiving = session.switchMode(to: .receive)
            #expect(counting == nil && receiving?.hasPrefix("receive mode is off:") == true)
            #expect(session.switchMode(to: .shelf)?.hasPrefix("shelf mode is off:") == true)

            // A template that does not exist turns label mode off with its error.
            (session, off) = try await CounterSession.start(
                counter: "till", context: shop.context, location: "High Street",
                labels: LabelRequest(template: "no-such-template"), printer: nil)
            #expect(off[.label] != nil)
            let labelling = session.switchMode(to: .label)
            #expect(labelling?.hasPrefix("label mode is off:") == true)
        }
    }

    /// Label mode is offered only when its printer can print now: chosen (or the default), there, not
    /// stopped and taking jobs; otherwise the reason is in staff's words.
    @Test(.requires(.cupsd, .cupsClient)) func labelModeNeedsAPrinterThatCanPrintNow() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let cups = try await PrivateCUPS.start()
            try await cleaningUp({ await cups.stop() }) {
                var context = shop.context
                context.printing = CUPSPrintService(server: PrintServer(environment: cups.environment))
                let (session, off) = try await CounterSession.start(
                    counter: "till", context: context, location: "High Street", labels: LabelRequest(), printer: nil)
                #expect(off[.label] == nil, "\(off)")
                var reason = try await session.unavailable(.label)
                #expect(
                    reason == "label mode needs a printer: no label printer is chosen on the hub", "\(reason ?? "")")
                try await cups.addZebraQueue(name: "zebra")
                try await cups.setDefault(name: "zebra")
                reason = try await session.unavailable(.label)
                #expect(reason == nil, "\(reason ?? "")")
                try await cups.rejectJobs(name: "zebra")
                reason = try await session.unavailable(.label)
                #expect(reason == "label mode needs a printer: the printer zebra is not taking jobs", "\(reason ?? "")")
                try await cups.stopQueue(name: "zebra")
                reason = try await session.unavailable(.label)
                #expect(reason == "label mode needs a printer: the printer zebra is stopped", "\(reason ?? "")")
                // The printer checked is the one the job would go to: a route for the template wins over the default.
                try await cups.addZebraQueue(name: "front")
                try await shop.database.setPrinterRoute(
                    PrinterRoute(template: "shelf-2x1", counter: nil, locationID: nil, printer: "front"))
                reason = try await session.unavailable(.label)
                #expect(reason == nil, "the route's printer can print: \(reason ?? "")")
            }
        }
    }
}
