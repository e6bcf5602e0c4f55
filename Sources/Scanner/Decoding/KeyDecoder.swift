/// Turns key events into keystrokes: presses only, Shift/AltGr/Ctrl/Caps Lock state, dead keys, the keypad,
/// terminators, and `SYN_DROPPED` recovery.
///
/// Autorepeat (value 2) and releases never add characters. After `SYN_DROPPED` every event up to the next
/// `SYN_REPORT` is discarded and a `.dropped` keystroke is reported; a live reader then calls `resync` with
/// the keys the device says are down (`EVIOCGKEY`).
public struct KeyDecoder: Sendable {
    private static let leftShiftBit: UInt8 = 1
    private static let rightShiftBit: UInt8 = 2
    private static let leftControlBit: UInt8 = 4
    private static let rightControlBit: UInt8 = 8
    private static let leftAltBit: UInt8 = 16
    private static let altGrBit: UInt8 = 32

    /// The layout characters are decoded with.
    public var layout: KeyboardLayout
    private var modifiers: UInt8 = 0
    private var capsLock = false
    private var discarding = false
    private var pendingDeadKey: Unicode.Scalar?

    /// Makes a decoder for `layout`.
    public init(layout: KeyboardLayout = .us) {
        self.layout = layout
    }

    /// Whether Caps Lock is on, as far as the decoder has seen.
    public var isCapsLockOn: Bool { capsLock }

    /// Whether the decoder is skipping events after `SYN_DROPPED`.
    public var isDiscarding: Bool { discarding }

    @inline(__always)
    private static func modifierBit(_ code: UInt16) -> UInt8 {
        switch code {
        case KeyCode.leftShift: return leftShiftBit
        case KeyCode.rightShift: return rightShiftBit
        case KeyCode.leftControl: return leftControlBit
        case KeyCode.rightControl: return rightControlBit
        case KeyCode.leftAlt: return leftAltBit
        case KeyCode.rightAlt: return altGrBit
        default: return 0
        }
    }

    /// Feeds one event, appending any keystroke it completes to `output`.
    @inline(__always)
    public mutating func feed(_ event: InputEvent, into output: inout [Keystroke]) {
        if event.type == InputEvent.synchronization {
            if event.code == InputEvent.synDropped {
                discarding = true
                pendingDeadKey = nil
                output.append(Keystroke(.dropped, at: event.time))
            } else if event.code == InputEvent.synReport {
                discarding = false
            }
            return
        }
        guard event.type == InputEvent.key, !discarding else { return }
        let code = event.code
        let bit = Self.modifierBit(code)
        if bit != 0 {
            if event.value == 1 {
                modifiers |= bit
            } else if event.value == 0 {
                modifiers &= ~bit
            }
            return
        }
        guard event.value == 1 else { return }
        press(code, at: event.time, into: &output)
    }

    private mutating func press(_ code: UInt16, at time: EventTime, into output: inout [Keystroke]) {
        let terminator: Terminator?
        switch code {
        case KeyCode.capsLock:
            capsLock.toggle()
            return
        case KeyCode.enter: terminator = .enter
        case KeyCode.keypadEnter: terminator = .keypadEnter
        case KeyCode.tab: terminator = .tab
        default: terminator = nil
        }
        if let terminator {
            emitPendingDeadKey(at: time, into: &output)
            output.append(Keystroke(.terminator(terminator), at: time))
            return
        }
        let shiftHeld = modifiers & (Self.leftShiftBit | Self.rightShiftBit) != 0
        let altGr = modifiers & Self.altGrBit != 0
        if modifiers & (Self.leftControlBit | Self.rightControlBit) != 0 {
            if let control = layout.controlCharacter(code: code, shift: shiftHeld, altGr: altGr) {
                emitPendingDeadKey(at: time, into: &output)
                output.append(Keystroke(.character(control), at: time))
            }
            return
        }
        if modifiers & Self.leftAltBit != 0 { return }  // Alt+key is a shortcut, not text
        let shift = capsLock && layout.isCapsAffected(code: code) ? !shiftHeld : shiftHeld
        guard let (scalar, isDead) = layout.character(code: code, shift: shift, altGr: altGr) else { return }
        if let dead = pendingDeadKey {
            pendingDeadKey = nil
            output.append(Keystroke(.character(dead), at: time))
            if scalar == " " { return }  // dead key + space types the accent itself
        }
        if isDead {
            pendingDeadKey = scalar
        } else {
            output.append(Keystroke(.character(scalar), at: time))
        }
    }

    private mutating func emitPendingDeadKey(at time: EventTime, into output: inout [Keystroke]) {
        if let dead = pendingDeadKey {
            pendingDeadKey = nil
            output.append(Keystroke(.character(dead), at: time))
        }
    }

    /// Decodes a whole sequence of events.
    public mutating func decode(_ events: some Sequence<InputEvent>) -> [Keystroke] {
        var output: [Keystroke] = []
        for event in events { feed(event, into: &output) }
        return output
    }

    /// Sets the modifier state from the keys that are down now (after `SYN_DROPPED`, or when a device is
    /// opened). Caps Lock is a toggle, not a held key: set `capsLock` when the LED state is known.
    public mutating func resync(pressedKeys: some Sequence<UInt16>, capsLock: Bool? = nil) {
        modifiers = 0
        for code in pressedKeys { modifiers |= Self.modifierBit(code) }
        pendingDeadKey = nil
        if let capsLock { self.capsLock = capsLock }
    }

    /// Sets the modifier state from an `EVIOCGKEY` bitmap (bit `code % 8` of byte `code / 8` set while down).
    public mutating func resync(keyBitmap: [UInt8], capsLock: Bool? = nil) {
        let modifierCodes = [
            KeyCode.leftShift, KeyCode.rightShift, KeyCode.leftControl, KeyCode.rightControl, KeyCode.leftAlt,
            KeyCode.rightAlt,
        ]
        let pressed = modifierCodes.filter { code in
            let byte = Int(code / 8)
            return byte < keyBitmap.count && keyBitmap[byte] & (1 << (code % 8)) != 0
        }
        resync(pressedKeys: pressed, capsLock: capsLock)
    }
}
