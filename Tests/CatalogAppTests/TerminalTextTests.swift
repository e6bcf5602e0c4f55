import CatalogApp
import Testing

/// What the text renderers build on: columns that never cut a value, numbers grouped, and characters that
/// would change what a line seems to say shown as escapes.
@Suite struct TerminalTextTests {
    @Test func aColumnPadsButNeverCutsAValue() {
        #expect(Terminal.column("12", 6) == "12    ")
        #expect(Terminal.column("2,000,000", 6) == "2,000,000")
        #expect(Terminal.column("123456", 5) == "123456")
        #expect(Terminal.column("", 3) == "   ")
    }

    @Test func countsAreGroupedInFull() {
        #expect(Terminal.count(2_000_000) == "2,000,000")
        #expect(Terminal.count(-1_234_567) == "-1,234,567")
        #expect(Terminal.count(999) == "999")
    }

    @Test func rightToLeftOverridesAndIsolatesAreShownAsEscapes() {
        // U+202E makes "Invoice‮fdp.exe" read as "Invoiceexe.pdf".
        #expect(Terminal.visible("Invoice\u{202E}fdp.exe") == "Invoice\\u{202E}fdp.exe")
        #expect(Terminal.visible("a\u{2066}b\u{2069}c\u{200F}") == "a\\u{2066}b\\u{2069}c\\u{200F}")
        #expect(Terminal.visible("Crème Brûlée — 250 g") == "Crème Brûlée — 250 g")
        #expect(Terminal.visible("قهوة عربية") == "قهوة عربية", "right-to-left text itself is left alone")
    }
}
