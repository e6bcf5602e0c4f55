import CEvdev

/// `KEY_*` codes the decoder treats specially, from `<linux/input-event-codes.h>`.
public enum KeyCode {
    /// Enter on the main block.
    public static let enter = UInt16(KEY_ENTER)
    /// Enter on the keypad.
    public static let keypadEnter = UInt16(KEY_KPENTER)
    /// Tab.
    public static let tab = UInt16(KEY_TAB)
    /// Space bar.
    public static let space = UInt16(KEY_SPACE)
    /// Caps Lock.
    public static let capsLock = UInt16(KEY_CAPSLOCK)
    /// The key right of P on a US keyboard (`]`).
    public static let rightBrace = UInt16(KEY_RIGHTBRACE)
    /// Left Shift.
    public static let leftShift = UInt16(KEY_LEFTSHIFT)
    /// Right Shift.
    public static let rightShift = UInt16(KEY_RIGHTSHIFT)
    /// Left Ctrl.
    public static let leftControl = UInt16(KEY_LEFTCTRL)
    /// Right Ctrl.
    public static let rightControl = UInt16(KEY_RIGHTCTRL)
    /// Left Alt.
    public static let leftAlt = UInt16(KEY_LEFTALT)
    /// Right Alt, AltGr on European layouts.
    public static let rightAlt = UInt16(KEY_RIGHTALT)
    /// Num Lock.
    public static let numLock = UInt16(KEY_NUMLOCK)

    /// Keypad keys and what they type with Num Lock on (the scanner's keypad mode).
    public static let keypadCharacters: [(UInt16, Unicode.Scalar)] = [
        (UInt16(KEY_KP0), "0"), (UInt16(KEY_KP1), "1"), (UInt16(KEY_KP2), "2"), (UInt16(KEY_KP3), "3"),
        (UInt16(KEY_KP4), "4"), (UInt16(KEY_KP5), "5"), (UInt16(KEY_KP6), "6"), (UInt16(KEY_KP7), "7"),
        (UInt16(KEY_KP8), "8"), (UInt16(KEY_KP9), "9"), (UInt16(KEY_KPDOT), "."), (UInt16(KEY_KPMINUS), "-"),
        (UInt16(KEY_KPPLUS), "+"), (UInt16(KEY_KPASTERISK), "*"), (UInt16(KEY_KPSLASH), "/"),
    ]

    /// Whether `code` is a keypad key (including keypad Enter).
    public static func isKeypad(_ code: UInt16) -> Bool {
        code == keypadEnter || keypadCharacters.contains { $0.0 == code }
    }
}
