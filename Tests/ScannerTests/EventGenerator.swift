import CEvdev
import Scanner

/// Builds evdev event streams that look like a USB scanner (or a person) typing text, for tests.
///
/// Each key transition is one frame as hid-input produces it: `MSC_SCAN`, the key events, `SYN_REPORT`,
/// all with the frame's timestamp. Gaps are press-to-press.
struct EventGenerator {
    var layout: KeyboardLayout = .us
    /// Press-to-press gap between characters, in microseconds.
    var gap: Int64 = 8_000
    /// Press-to-release time, in microseconds.
    var hold: Int64 = 2_000
    /// Type digits on the keypad.
    var keypadDigits = false
    /// Emit `EV_MSC/MSC_SCAN` before key events, as real keyboards do.
    var scanCodes = true
    /// After these 1-based key presses (counted over the whole generator), add three autorepeat events.
    var repeatAfter: Set<Int> = []
    /// After these 1-based key presses, insert `SYN_DROPPED`.
    var dropAfter: Set<Int> = []
    private(set) var events: [InputEvent] = []
    private(set) var now = EventTime(microseconds: 1_700_000_000_000_000)
    private var presses = 0
    private var lastPress: Int64?

    init(layout: KeyboardLayout = .us, gap: Int64 = 8_000) {
        self.layout = layout
        self.gap = gap
    }

    /// Types `text`, then `terminator` (nil: none).
    mutating func type(_ text: String, terminator: Terminator? = .enter, gaps: [Int64] = []) {
        for (index, scalar) in text.unicodeScalars.enumerated() {
            character(scalar, gap: index < gaps.count ? gaps[index] : gap)
        }
        if let terminator {
            let code: UInt16 =
                switch terminator {
                case .enter: KeyCode.enter
                case .keypadEnter: KeyCode.keypadEnter
                case .tab: KeyCode.tab
                }
            tap(KeyChord(code: code), gap: gap)
        }
    }

    /// Waits `microseconds` before the next key; the next press starts a new burst.
    mutating func pause(_ microseconds: Int64) {
        now = EventTime(microseconds: now.microseconds + microseconds)
        lastPress = nil
    }

    private mutating func character(_ scalar: Unicode.Scalar, gap: Int64) {
        if keypadDigits, let (code, _) = KeyCode.keypadCharacters.first(where: { $0.1 == scalar }),
            ("0"..."9").contains(scalar)
        {
            tap(KeyChord(code: code), gap: gap)
            return
        }
        if scalar.value < 0x20, let chord = layout.chord(for: Unicode.Scalar(scalar.value | 0x40)!) {
            tap(chord, control: true, gap: gap)
            return
        }
        if scalar.value < 0x20 {  // letters: Ctrl with the lower-case letter's key
            let chord = layout.chord(for: Unicode.Scalar(scalar.value | 0x60)!)!
            tap(chord, control: true, gap: gap)
            return
        }
        guard let chord = layout.chord(for: scalar) else {
            fatalError("\(scalar) is not on layout \(layout.name)")
        }
        tap(chord, gap: gap)
        if layout.isDead(chord) { tap(KeyChord(code: KeyCode.space), gap: gap) }
    }

    /// One press and release with modifiers held around it.
    mutating func tap(_ chord: KeyChord, control: Bool = false, gap: Int64? = nil) {
        var modifiers: [UInt16] = []
        if control { modifiers.append(KeyCode.leftControl) }
        if chord.shift { modifiers.append(KeyCode.leftShift) }
        if chord.altGr { modifiers.append(KeyCode.rightAlt) }
        if let lastPress {
            now = EventTime(microseconds: max(now.microseconds, lastPress + (gap ?? self.gap)))
        }
        lastPress = now.microseconds
        frame(modifiers.map { ($0, 1) } + [(chord.code, 1)])
        presses += 1
        if repeatAfter.contains(presses) {
            for step in 1...3 { frame([(chord.code, 2)], at: now.microseconds + Int64(step) * 100) }
        }
        if dropAfter.contains(presses) {
            events.append(.dropped(at: EventTime(microseconds: now.microseconds + 400)))
        }
        frame([(chord.code, 0)] + modifiers.reversed().map { ($0, 0) }, at: now.microseconds + hold)
    }

    private mutating func frame(_ keys: [(UInt16, Int32)], at time: Int64? = nil) {
        let stamp = EventTime(microseconds: time ?? now.microseconds)
        for (code, value) in keys {
            if scanCodes {
                events.append(
                    InputEvent(time: stamp, type: InputEvent.miscellaneous, code: UInt16(MSC_SCAN), value: 0x70000))
            }
            events.append(.key(code, value, at: stamp))
        }
        events.append(.report(at: stamp))
    }
}
