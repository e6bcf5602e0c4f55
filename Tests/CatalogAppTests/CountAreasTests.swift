import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Scanner
import Store
import Sync
import Testing

/// A count of areas (a run of shelves, a category, a list of codes) counted at once, blind: each area's
/// state, a recount that replaces lines while the review keeps both, "missing means zero" for exactly the
/// unscanned tracked variations of a done area, and what Square holds after posting.
@Suite struct CountAreasTests {
    @Test func areasAreCountedAtOnceRecountedAndZeroedOnlyWhenDone() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let high = try #require(try await shop.context.location("High Street", in: shop.database))
            let edits = try EditWorkflow(context: shop.context)
            for (code, shelf) in [(DemoCodes.small, "A1-1"), (DemoCodes.medium, "A1-2"), (DemoCodes.large, "B2")] {
                _ = try await edits.edit(code, EditRequest(location: "High Street", shelf: shelf))
            }
            let small = try #require(try await Lookup.lookUp(DemoCodes.small, in: shop.database).first)
            let medium = try #require(try await Lookup.lookUp(DemoCodes.medium, in: shop.database).first)
            let large = try #require(try await Lookup.lookUp(DemoCodes.large, in: shop.database).first)
            // Stationery shares nothing with the cable ties' shelves.
            let stationery = try #require(try await shop.database.categories(named: "Stationery").first)
            let pen = try #require(
                try await shop.database.variations(inCategories: [stationery.id]).map { $0.at(high) }.first(
                    where: \.isSold))
            let counts = try CountWorkflow(context: shop.context)

            // A shelf nobody has is refused before anything is opened.
            await #expect(throws: AppError.self) {
                _ = try await counts.start(name: nil, location: "High Street", scope: .init(shelves: ["Z9"]))
            }
            let session = try await counts.start(
                name: "Tuesday", location: "High Street",
                scope: .init(shelves: ["A1"], categories: ["Stationery"], codes: [DemoCodes.large]), blind: true)
            #expect(session.scope == .areas && session.blind)
            let areas = try await counts.progress(of: session)
            #expect(areas.map(\.area.name) == ["Shelves A1", "Stationery", "1 listed item"])
            #expect(areas[0].size == 2 && areas[2].size == 1 && areas[1].size > 10, "\(areas.map(\.size))")

            // Three areas counted at the same moment, ten counts each: every count adds up, each in its area.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for code in [DemoCodes.small, pen.variationID, DemoCodes.large] {
                    for _ in 0..<10 {
                        group.addTask { _ = try await counts.count(code, quantity: 1, in: session) }
                    }
                }
                try await group.waitForAll()
            }
            let lines = Dictionary(
                uniqueKeysWithValues: try await shop.database.countLines(sessionID: session.id).map {
                    ($0.variationID, $0)
                })
            #expect(lines.mapValues(\.counted) == [small.variationID: 10, pen.variationID: 10, large.variationID: 10])
            let areaOf = Dictionary(uniqueKeysWithValues: areas.map { ($0.area.id ?? 0, $0.area.name) })
            #expect(lines[small.variationID]?.areaID.flatMap { areaOf[$0] } == "Shelves A1")
            #expect(lines[pen.variationID]?.areaID.flatMap { areaOf[$0] } == "Stationery")
            #expect(lines[large.variationID]?.areaID.flatMap { areaOf[$0] } == "1 listed item")
            // The widget is in none of the areas.
            do {
                _ = try await counts.count("0012345678905", quantity: 1, in: session)
                Issue.record("a count outside the areas was taken")
            } catch let error as AppError {
                #expect(error.description.contains("is not in this count's areas"), "\(error)")
            }

            // Blind: the counter's scan shows no stock in count mode, though it does in lookup mode.
            var (counter, _) = try await CounterSession.start(
                counter: "till", context: shop.context, location: "High Street", labels: nil, printer: nil)
            func scan(_ text: String) async throws -> ScanOutcome {
                try await counter.handle(
                    Scan(
                        text: text, symbology: nil, startedAt: EventTime(microseconds: 0),
                        endedAt: EventTime(microseconds: 0)))
            }
            let looked = try await scan(DemoCodes.small)
            #expect(looked.stock != nil && looked.text.contains("stock "), "\(looked.text)")
            #expect(counter.switchMode(to: .count) == nil)
            let blind = try await scan(DemoCodes.small)
            #expect(!blind.failed && blind.stock == nil && !blind.text.contains("stock "), "\(blind.text)")
            #expect(blind.report?.stock.isEmpty == true && blind.report?.stockFigures.isEmpty == true)
            #expect(blind.result?.detail?.hasPrefix("Shelves A1:") == true, "\(blind.result?.detail ?? "")")

            // Stationery is accepted: what nobody counted in it, sold and tracked here, is proposed as zero.
            let accepted = try await counts.area(named: "stationery", in: session)
            let (done, zeros) = try await counts.accept(accepted, in: session)
            #expect(done.status == .done)
            let inCategory = try await shop.database.variations(inCategories: [stationery.id]).map { $0.at(high) }
                .filter { $0.isSold && !$0.isArchived && $0.variationID != pen.variationID }
            let tracking = try await shop.database.inventoryTracking(
                variationIDs: inCategory.map(\.variationID), locationID: high.id)
            let expectedZeros = Set(inCategory.filter { tracking[$0.variationID] != false }.map(\.variationID))
            #expect(Set(zeros.map(\.variationID)) == expectedZeros && !expectedZeros.isEmpty)
            do {
                _ = try await counts.count(pen.variationID, quantity: 1, in: session)
                Issue.record("a count went into a done area")
            } catch let error as AppError {
                #expect(error.description.contains("which is done"), "\(error)")
            }

            // Shelves A1 is sent back: its lines are set aside, counted again, and the review keeps both.
            let shelves = try await counts.area(named: "A1", in: session)
            let sent = try await counts.recount(shelves, in: session)
            #expect(sent.status == .recount && sent.round == 2)
            #expect(try await shop.database.countLine(sessionID: session.id, variationID: small.variationID) == nil)
            await #expect(throws: AppError.self) { _ = try await counts.post(session) }
            _ = try await counts.count(DemoCodes.small, quantity: 7, in: session)
            _ = try await counts.finish(try await counts.area(named: "Shelves A1", in: session), in: session)
            let review = try await counts.review(session)
            let reviewed = try #require(review.counted.first { $0.variation.variationID == small.variationID })
            #expect(reviewed.counted == 7 && reviewed.earlier == [11] && reviewed.area == "Shelves A1")

            // The lines whose variance is over a unit go back as one new area, replaced when counted again.
            let over = review.counted.filter { ($0.variance ?? 0) > 1 || ($0.variance ?? 0) < -1 }
            let recount = try await counts.recount(review, overUnits: 1, overValue: nil)
            #expect(Set(recount?.ids ?? []) == Set(over.map(\.variation.variationID)) && recount?.name == "Recount 1")
            for line in over {
                _ = try await counts.count(line.variation.variationID, quantity: 3, in: session)
            }
            if let recount { _ = try await counts.finish(recount, in: session) }

            // Posted with zeros: Stationery's proposed zeros go to 0 in Square; medium, in A1 (counted, not
            // done), is not touched.
            let mediumBefore = try await shop.inStock(medium.variationID, at: high.id)
            let posted = try await counts.post(session, zeroUncounted: true)
            #expect(posted.session.status == .posted || posted.waitingReason == nil, "\(posted.waitingReason ?? "")")
            for id in expectedZeros.prefix(3) { #expect(try await shop.inStock(id, at: high.id) == 0) }
            #expect(try await shop.inStock(medium.variationID, at: high.id) == mediumBefore)
            // What was counted last is what Square holds: 3 for each line counted again, else the count.
            for line in try await shop.database.countLines(sessionID: session.id) where line.postStatus == .posted {
                let recounted = over.contains { $0.variation.variationID == line.variationID }
                #expect(!recounted || line.counted == 3)
                #expect(try await shop.inStock(line.variationID, at: high.id) == Int("\(line.counted)"))
            }
            #expect(!over.isEmpty)
            // A posted count's areas are not sent back.
            do {
                _ = try await counts.recount(shelves, in: posted.session)
                Issue.record("an area of a posted count was sent back")
            } catch let error as AppError {
                #expect(error.description.contains("can no longer be sent back") && error.exitStatus == .dataError)
            }
        }
    }

    /// A variation not sold at the count's location is flagged when counted, left out of the posting, and
    /// posted only when asked for.
    @Test func aLineNotSoldHereIsLeftOutUnlessAskedFor() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let high = try #require(try await shop.context.location("High Street", in: shop.database))
            // The medium ties are taken off sale at High Street.
            var request = EditRequest(location: "High Street")
            request.available = false
            _ = try await EditWorkflow(context: shop.context).edit(DemoCodes.medium, request)
            let absent = try #require(try await Lookup.lookUp(DemoCodes.medium, in: shop.database).first).at(high)
            #expect(!absent.isSold)
            let counts = try CountWorkflow(context: shop.context)
            let session = try await counts.start(name: nil, location: "High Street")
            let counted = try await counts.count(absent.variationID, quantity: 4, in: session)
            #expect(counted.warning == "not sold at High Street")
            _ = try await counts.count(DemoCodes.small, quantity: 2, in: session)
            let small = try #require(try await Lookup.lookUp(DemoCodes.small, in: shop.database).first)

            let first = try await counts.post(session)
            #expect(first.lines(.notSold).map(\.line.variationID) == [absent.variationID])
            #expect(first.lines(.posted).map(\.line.variationID) == [small.variationID])
            #expect(first.session.status == .posting && !first.complete)
            #expect(CountOutput.text(first).contains("--include-not-sold posts them"))
            #expect(try await shop.inStock(absent.variationID, at: high.id) != 4)

            let second = try await counts.post(first.session, includeNotSold: true)
            #expect(second.complete && second.session.status == .posted, "\(second.lines.map(\.line.postStatus))")
            #expect(try await shop.inStock(absent.variationID, at: high.id) == 4)
            // Reviewed (or exported) once posted, a line is set against what Square expected when it was
            // counted, not against Square's figure now, which is the count itself.
            let line = try #require(
                try await shop.database.countLine(sessionID: session.id, variationID: small.variationID))
            let expected = try #require(line.expected.flatMap { Decimal(string: $0) })
            let reviewed = try #require(
                try await counts.review(second.session).counted.first {
                    $0.variation.variationID == small.variationID
                })
            #expect(reviewed.expected == expected && reviewed.variance == 2 - expected && expected != 2)
        }
    }
}
