import Scanner
import Testing

struct CounterCommandTests {
    @Test func commandsParse() {
        #expect(ScannedInput("CATALOG:MODE:REORDER") == .command(.mode(.reorder)))
        #expect(ScannedInput("CATALOG:MODE:LOOKUP") == .command(.mode(.lookup)))
        #expect(ScannedInput("catalog:mode:label") == .command(.mode(.label)))
        #expect(ScannedInput("CATALOG:QTY:1") == .command(.quantity(1)))
        #expect(ScannedInput("CATALOG:QTY:999") == .command(.quantity(999)))
        // A shelf's place keeps its case and its colons, tidied of spaces.
        #expect(ScannedInput("CATALOG:SHELF:A3-2") == .command(.shelf("A3-2")))
        #expect(ScannedInput("catalog:shelf:  Aisle 4:top ") == .command(.shelf("Aisle 4:top")))
    }

    @Test func commandTextThatIsNoCommandIsRefusedNotLookedUp() {
        for text in [
            "CATALOG:QTY:0", "CATALOG:QTY:1000", "CATALOG:QTY:-5", "CATALOG:QTY:", "CATALOG:QTY:+5",
            "CATALOG:MODE:SELL", "CATALOG:MODE", "CATALOG:MODE:LABEL:X", "catalog:qty:0", "CATALOG:",
            "CATALOG:SHELF:", "CATALOG:SHELF:   ", "CATALOG:SHELF:" + String(repeating: "x", count: 41),
            "CATALOG:SHELF",
        ] {
            guard case .badCommand(let scanned, let reason) = ScannedInput(text) else {
                Issue.record("\(text) was not refused as a bad command")
                continue
            }
            #expect(scanned == text)
            #expect(!reason.isEmpty)
        }
    }

    @Test func anythingElseIsACode() {
        for text in ["4006381333931", "", "CATALOGUE:1", "CAT:QTY:2", "HW-0142-S"] {
            #expect(ScannedInput(text) == .code(text), "\(text)")
        }
    }

    @Test func commandsRoundTripThroughTheirBarcodeText() {
        let commands: [CounterCommand] = CounterMode.allCases.map { .mode($0) } + [.quantity(12), .shelf("A3-2")]
        for command in commands {
            #expect(ScannedInput(command.barcodeText) == .command(command))
        }
    }

    @Test func commandScannedOnAGermanScanner() {
        var generator = EventGenerator(layout: .de)
        generator.type("CATALOG:QTY:12")
        let text = detect(generator.events, layout: .de).texts.first
        #expect(text.map(ScannedInput.init) == .command(.quantity(12)))
    }
}
