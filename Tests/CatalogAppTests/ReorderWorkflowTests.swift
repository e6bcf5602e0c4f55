import CatalogApp
import CatalogCore
import CatalogTestSupport
import Foundation
import Store
import Testing

/// The reorder list's rules, called in this process with a test context: nothing is launched, the
/// clock is the test's, and what Square holds is read back from the sandbox.
@Suite struct ReorderWorkflowTests {
    @Test func theListAddsUpIsOrderedOnTheClockAndReceivedOnceIntoSquare() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let workflow = ReorderWorkflow(context: shop.context, database: shop.database)
            let first = try await workflow.add(DemoCodes.small, quantity: 2, note: "  ")
            #expect(first.quantity == 2 && first.note == nil)
            shop.clock.advance(by: .seconds(30))
            let again = try await workflow.add(DemoCodes.small, quantity: 3, note: "top shelf")
            #expect(again.id == first.id && again.quantity == 5 && again.note == "top shelf")
            _ = try await workflow.add(DemoCodes.medium, quantity: 1)

            shop.clock.advance(by: .seconds(35))
            var delivered: [ReorderLine] = []
            let order = try await workflow.order(vendor: "acme supply", location: nil, reference: nil) { lines, _ in
                delivered = lines
            }
            // 2026-01-02T09:00:00Z on the test clock, plus 65 seconds.
            #expect(order.reference == "PO-20260102-090105")
            #expect(order.vendor == "Acme Supply")
            #expect(delivered.count == 2 && delivered.allSatisfy { $0.orderReference == order.reference })
            let ordered = try await workflow.lines(statuses: [.ordered])
            #expect(Set(ordered.map(\.variationID)) == Set(delivered.map(\.variationID)))
            #expect(ordered.allSatisfy { $0.orderReference == order.reference })
            // Nothing is left to order from the vendor.
            await #expect(throws: AppError.self) {
                _ = try await workflow.order(vendor: "Acme Supply", location: nil, reference: nil) { _, _ in }
            }

            let highStreet = try #require(try await shop.context.location("High Street", in: shop.database))
            let before = try await shop.inStock(first.variationID, at: highStreet.id)
            let receipt = try #require(
                try await workflow.receive(DemoCodes.small, quantity: nil, location: "High Street"))
            #expect(receipt.quantity == 5 && !receipt.queued && receipt.stillOnOrder == 0)
            #expect(try await shop.inStock(first.variationID, at: highStreet.id) == before + 5)
            #expect(ReorderOutput.text(receipt).contains("nothing left on order"))

            let history = try await workflow.history(of: DemoCodes.small, limit: 50)
            #expect(history.map(\.event.action) == ["add", "add", "order", "receive"])
            #expect(history.first?.event.at == Timestamp(seconds: 1_767_344_400).rfc3339)
            #expect(history.first?.event.counter == "app-test-till")
        }
    }

    @Test func wordsAreAskedAboutAndNeverGuessedWithoutSomeoneToAsk() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let nobody = ReorderWorkflow(context: shop.context(prompter: nil), database: shop.database)
            let refused = await #expect(throws: AppError.self) {
                _ = try await nobody.add("cable ties", quantity: 1)
            }
            #expect(refused?.exitStatus == .dataError)
            #expect(refused?.description.contains("--first") == true)
            #expect(try await shop.database.reorderLines().isEmpty)

            let person = ScriptedPrompter(answer: 1)
            let asked = ReorderWorkflow(context: shop.context(prompter: person), database: shop.database)
            let line = try await asked.add("cable ties", quantity: 4)
            let question = try #require(person.questions.first)
            #expect(person.questions.count == 1 && question.choices.count > 1)
            #expect(question.choices[1].hasPrefix(line.label))

            let declined = ReorderWorkflow(
                context: shop.context(prompter: ScriptedPrompter(answer: nil)), database: shop.database)
            let nothing = await #expect(throws: AppError.self) { _ = try await declined.add("cable ties", quantity: 1) }
            #expect(nothing?.exitStatus == .notFound)
            #expect(try await shop.database.reorderLines().map(\.quantity) == [4])
        }
    }

    @Test func quantitiesOutsideTheRangeAndLinesNotListedAreRefusedPlainly() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            let workflow = ReorderWorkflow(context: shop.context, database: shop.database)
            for bad in [0, -3, 1_000_001] {
                let error = await #expect(throws: AppError.self) {
                    _ = try await workflow.add(DemoCodes.small, quantity: bad)
                }
                #expect(error?.exitStatus == .usage)
            }
            let notListed = await #expect(throws: AppError.self) {
                _ = try await workflow.setQuantity(DemoCodes.large, to: 0)
            }
            #expect(notListed?.exitStatus == .notFound)
            let unknownVendor = await #expect(throws: AppError.self) {
                _ = try await workflow.add(DemoCodes.small, quantity: 1)
                _ = try await workflow.clear(vendor: "Nobody Ltd")
            }
            #expect(unknownVendor?.description.contains("Acme Supply") == true)
            let cleared = try await workflow.clear(vendor: nil)
            let left = try await shop.database.reorderLines()
            #expect(cleared == 1 && left.isEmpty)
        }
    }

    @Test func fourCountersAddingAtOnceThroughTwoConnectionsLoseNothing() async throws {
        let shop = try await AppShop.start()
        try await cleaningUp({ await shop.stop() }) {
            // A second connection pool on the same file stands in for a second process.
            let other = try CatalogDatabase(path: shop.databasePath, clock: shop.clock)
            let adds = 150
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, counter) in ["till-a", "till-b", "till-c", "till-d"].enumerated() {
                    var context = shop.context
                    context.settings.counter = counter
                    let workflow = ReorderWorkflow(context: context, database: index % 2 == 0 ? shop.database : other)
                    let code = index < 3 ? DemoCodes.small : DemoCodes.medium
                    group.addTask {
                        for _ in 0..<adds { _ = try await workflow.add(code, quantity: 1) }
                    }
                }
                try await group.waitForAll()
            }
            let lines = try await shop.database.reorderLines(statuses: [.wanted])
            let small = try #require(try await Lookup.lookUp(DemoCodes.small, in: shop.database).first)
            var quantities: [String: Int] = [:]
            for line in lines { quantities[line.variationID, default: 0] += line.quantity }
            #expect(lines.count == 2)
            #expect(quantities[small.variationID] == 3 * adds)
            #expect(quantities.values.reduce(0, +) == 4 * adds)
            let events = try await other.reorderEvents()
            #expect(events.filter { $0.action == "add" }.count == 4 * adds)
            #expect(Set(events.map(\.counter)) == ["till-a", "till-b", "till-c", "till-d"])
        }
    }
}
