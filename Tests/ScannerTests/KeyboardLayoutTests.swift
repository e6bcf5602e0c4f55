import CEvdev
import Scanner
import Testing

struct KeyboardLayoutTests {
    static let printableASCII = String(String.UnicodeScalarView((0x20...0x7E).map { Unicode.Scalar($0)! }))
    static let latin1: [String: String] = [
        "us": "",
        "de": "äöüÄÖÜß§°²³µ€",
        "fr": "éèçàùµ£§°²¤€",
        "uk": "£¬¦€",
    ]

    @Test(arguments: KeyboardLayout.all)
    func everyPrintableCharacterRoundTrips(layout: KeyboardLayout) throws {
        // Starts with a letter so the text is not read as an AIM prefix.
        let text = "A" + Self.printableASCII + Self.latin1[layout.name, default: ""]
        var generator = EventGenerator(layout: layout)
        generator.type(text)
        let events = detect(generator.events, layout: layout)
        #expect(events.texts == [text])
        #expect(events.scans.first?.terminator == .enter)
    }

    @Test(arguments: KeyboardLayout.all)
    func eachCharacterAloneRoundTrips(layout: KeyboardLayout) {
        for scalar in Self.printableASCII.unicodeScalars {
            var generator = EventGenerator(layout: layout)
            generator.type("X\(scalar)YZ")
            #expect(detect(generator.events, layout: layout).texts == ["X\(scalar)YZ"], "\(scalar) on \(layout.name)")
        }
    }

    @Test func germanScannerSendsUSPositions() {
        let german = KeyboardLayout.de
        #expect(german.chord(for: "z") == KeyChord(code: UInt16(KEY_Y)))
        #expect(german.chord(for: "-") == KeyChord(code: UInt16(KEY_SLASH)))
        #expect(german.character(code: UInt16(KEY_Y), shift: false, altGr: false)?.scalar == "z")
        #expect(german.character(code: UInt16(KEY_Q), shift: false, altGr: true)?.scalar == "@")
    }

    @Test func frenchDigitsNeedShift() {
        for digit in "0123456789".unicodeScalars {
            let chord = KeyboardLayout.fr.chord(for: digit)
            #expect(chord?.shift == true, "\(digit)")
            #expect(chord?.code ?? 0 < 12)
        }
        #expect(KeyboardLayout.fr.chord(for: "a") == KeyChord(code: UInt16(KEY_Q)))
    }

    @Test func layoutsAreFoundByName() {
        #expect(KeyboardLayout.named("DE")?.name == "de")
        #expect(KeyboardLayout.named("gb")?.name == "uk")
        #expect(KeyboardLayout.named("dvorak") == nil)
    }

    @Test func controlCharactersComeFromCtrl() {
        let us = KeyboardLayout.us
        #expect(us.controlCharacter(code: UInt16(KEY_RIGHTBRACE), shift: false, altGr: false) == "\u{1D}")
        #expect(us.controlCharacter(code: UInt16(KEY_D), shift: false, altGr: false) == "\u{04}")
        #expect(us.controlCharacter(code: UInt16(KEY_6), shift: true, altGr: false) == "\u{1E}")
        // A German scanner sending Ctrl on the US `]` position still means GS.
        #expect(
            KeyboardLayout.de.controlCharacter(code: UInt16(KEY_RIGHTBRACE), shift: false, altGr: false) == "\u{1D}")
    }
}
