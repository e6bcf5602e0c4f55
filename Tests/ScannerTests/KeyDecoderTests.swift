import CEvdev
import Scanner
import Testing

struct KeyDecoderTests {
    let t0 = EventTime(microseconds: 1_000_000)

    func characters(_ keystrokes: [Keystroke]) -> String {
        var text = ""
        for keystroke in keystrokes {
            if case .character(let scalar) = keystroke.kind { text.unicodeScalars.append(scalar) }
        }
        return text
    }

    @Test func keypadDigitsAndKeypadEnter() {
        var generator = EventGenerator()
        generator.keypadDigits = true
        generator.type("4006381333931", terminator: .keypadEnter)
        #expect(generator.events.contains { $0.code == UInt16(KEY_KP4) })
        let events = detect(generator.events)
        #expect(events.texts == ["4006381333931"])
        #expect(events.scans.first?.terminator == .keypadEnter)
    }

    @Test func keypadOperatorsType() {
        var decoder = KeyDecoder()
        let codes = [KEY_KPMINUS, KEY_KPPLUS, KEY_KPDOT, KEY_KPSLASH, KEY_KPASTERISK, KEY_KP0].map { UInt16($0) }
        let events = codes.flatMap { [InputEvent.key($0, 1, at: t0), .key($0, 0, at: t0), .report(at: t0)] }
        #expect(characters(decoder.decode(events)) == "-+./*0")
    }

    @Test func autorepeatAndReleasesAddNothing() {
        var generator = EventGenerator()
        generator.repeatAfter = [1, 5]
        generator.type("12345")
        #expect(generator.events.filter { $0.value == 2 }.count == 6)
        #expect(detect(generator.events).texts == ["12345"])
    }

    @Test func rightShiftAndCapsLock() {
        var decoder = KeyDecoder()
        let a = UInt16(KEY_A)
        let events: [InputEvent] = [
            .key(UInt16(KEY_RIGHTSHIFT), 1, at: t0), .key(a, 1, at: t0), .key(a, 0, at: t0),
            .key(UInt16(KEY_RIGHTSHIFT), 0, at: t0), .key(a, 1, at: t0), .key(a, 0, at: t0),
            .key(UInt16(KEY_CAPSLOCK), 1, at: t0), .key(UInt16(KEY_CAPSLOCK), 0, at: t0),
            .key(a, 1, at: t0), .key(UInt16(KEY_1), 1, at: t0), .key(UInt16(KEY_LEFTSHIFT), 1, at: t0),
            .key(a, 1, at: t0),
        ]
        #expect(characters(decoder.decode(events)) == "AaA1a")
        #expect(decoder.isCapsLockOn)
    }

    @Test func controlBracketIsGroupSeparator() {
        var generator = EventGenerator()
        generator.type("]C1010952345678901\u{1D}10ABC")
        #expect(generator.events.contains { $0.code == KeyCode.leftControl })
        let scans = detect(generator.events).scans
        #expect(scans.map(\.text) == ["010952345678901\u{1D}10ABC"])
        #expect(scans.first?.symbology?.name == "GS1-128")
        #expect(scans.first?.symbology?.isGS1 == true)
    }

    @Test(arguments: KeyboardLayout.all)
    func groupSeparatorOnEveryLayout(layout: KeyboardLayout) {
        var generator = EventGenerator(layout: layout)
        generator.type("]d201034531200000111719112510ABCD1234\u{1D}2110")
        let scans = detect(generator.events, layout: layout).scans
        #expect(scans.map(\.text) == ["01034531200000111719112510ABCD1234\u{1D}2110"])
        #expect(scans.first?.symbology?.identifier == "]d2")
    }

    @Test func droppedSkipsToNextReportAndResyncClearsModifiers() {
        var decoder = KeyDecoder()
        let events: [InputEvent] = [
            .key(UInt16(KEY_LEFTSHIFT), 1, at: t0), .report(at: t0), .dropped(at: t0),
            .key(UInt16(KEY_B), 1, at: t0), .report(at: t0),  // lost with the overflow
            .key(UInt16(KEY_C), 1, at: t0), .report(at: t0),
        ]
        var output: [Keystroke] = []
        for event in events.prefix(5) { decoder.feed(event, into: &output) }
        #expect(output == [Keystroke(.dropped, at: t0)])
        decoder.resync(keyBitmap: [UInt8](repeating: 0, count: 96))
        for event in events.suffix(2) { decoder.feed(event, into: &output) }
        #expect(characters(output) == "c")
        decoder.resync(pressedKeys: [KeyCode.rightShift])
        #expect(characters(decoder.decode([.key(UInt16(KEY_C), 1, at: t0)])) == "C")
    }

    @Test func leftAltShortcutsTypeNothing() {
        var decoder = KeyDecoder()
        let events: [InputEvent] = [
            .key(KeyCode.leftAlt, 1, at: t0), .key(UInt16(KEY_F), 1, at: t0), .key(KeyCode.leftAlt, 0, at: t0),
            .key(UInt16(KEY_F), 1, at: t0),
        ]
        #expect(characters(decoder.decode(events)) == "f")
    }
}
