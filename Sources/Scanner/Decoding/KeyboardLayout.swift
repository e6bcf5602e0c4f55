/// Which key (by its US position, the kernel's `KEY_*` code) and modifiers type a character.
public struct KeyChord: Hashable, Sendable {
    /// The `KEY_*` code: a position on a US keyboard, whatever the layout prints on it.
    public var code: UInt16
    /// Shift is held.
    public var shift: Bool
    /// AltGr (right Alt) is held.
    public var altGr: Bool

    /// Makes a chord.
    public init(code: UInt16, shift: Bool = false, altGr: Bool = false) {
        self.code = code
        self.shift = shift
        self.altGr = altGr
    }
}

/// A keyboard layout: which character each key position types with Shift and AltGr.
///
/// A scanner set to a layout sends the key positions that type its characters on that layout, so the
/// same layout must decode them (`--layout`).
public struct KeyboardLayout: Sendable, Hashable {
    /// Highest key code a layout maps, plus one.
    static let codeLimit = 128
    private static let deadFlag: UInt32 = 0x8000_0000

    /// The short name used with `--layout` (`us`, `de`, `fr`, `uk`).
    public let name: String
    /// 4 levels per code: plain, shift, altGr, shift+altGr; 0 = nothing, high bit = dead key.
    private var table: [UInt32]
    private var capsAffected: [Bool]

    init(name: String) {
        self.name = name
        table = Array(repeating: 0, count: Self.codeLimit * 4)
        capsAffected = Array(repeating: false, count: Self.codeLimit)
    }

    /// The layout called `name` (case-insensitive; `gb` is `uk`), or nil.
    public static func named(_ name: String) -> KeyboardLayout? {
        switch name.lowercased() {
        case "us": return .us
        case "de": return .de
        case "fr": return .fr
        case "uk", "gb": return .uk
        default: return nil
        }
    }

    /// Every built-in layout.
    public static var all: [KeyboardLayout] { [.us, .de, .fr, .uk] }

    @inline(__always)
    private static func index(_ code: UInt16, _ shift: Bool, _ altGr: Bool) -> Int {
        Int(code) &* 4 &+ (shift ? 1 : 0) &+ (altGr ? 2 : 0)
    }

    /// The character `code` types with these modifiers, and whether it is a dead key (waits for the next key).
    @inline(__always)
    public func character(code: UInt16, shift: Bool, altGr: Bool) -> (scalar: Unicode.Scalar, isDead: Bool)? {
        guard code < Self.codeLimit else { return nil }
        let entry = table[Self.index(code, shift, altGr)]
        guard entry != 0, let scalar = Unicode.Scalar(entry & ~Self.deadFlag) else { return nil }
        return (scalar, entry & Self.deadFlag != 0)
    }

    /// Whether Caps Lock swaps Shift for this key (a key that types a lower- and upper-case letter).
    @inline(__always)
    public func isCapsAffected(code: UInt16) -> Bool {
        code < Self.codeLimit && capsAffected[Int(code)]
    }

    /// The control character Ctrl with this key types: letters give 0x01...0x1A, `[ \ ] ^ _` give
    /// 0x1B...0x1F (so `Ctrl+]` is GS, the GS1 separator). Ctrl on the US `]` position gives GS on any layout.
    public func controlCharacter(code: UInt16, shift: Bool, altGr: Bool) -> Unicode.Scalar? {
        if let (scalar, _) = character(code: code, shift: shift, altGr: altGr) {
            let value = scalar.value
            if (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) || (0x5B...0x5F).contains(value) {
                return Unicode.Scalar(value & 0x1F)
            }
        }
        if code == KeyCode.rightBrace && !shift && !altGr { return "\u{1D}" }
        return nil
    }

    /// The key and modifiers that type `scalar`, preferring main keys and plain levels; control characters
    /// need Ctrl as well (see `controlCharacter`).
    public func chord(for scalar: Unicode.Scalar) -> KeyChord? {
        var best: (rank: Int, chord: KeyChord)?
        for code in 0..<UInt16(Self.codeLimit) {
            for level in 0..<4 {
                let entry = table[Int(code) * 4 + level]
                guard entry & ~Self.deadFlag == scalar.value, entry != 0 else { continue }
                let rank = (KeyCode.isKeypad(code) ? 100 : 0) + (entry & Self.deadFlag != 0 ? 10 : 0) + level
                if best.map({ rank < $0.rank }) ?? true {
                    best = (rank, KeyChord(code: code, shift: level & 1 != 0, altGr: level & 2 != 0))
                }
            }
        }
        return best?.chord
    }

    /// Whether `chord` is a dead key in this layout (it types its character only with the next key).
    public func isDead(_ chord: KeyChord) -> Bool {
        character(code: chord.code, shift: chord.shift, altGr: chord.altGr)?.isDead ?? false
    }

    // MARK: building

    /// Assigns `characters` to consecutive codes from `first` at one level; `·` skips a key.
    mutating func row(_ first: UInt16, shift: Bool = false, altGr: Bool = false, _ characters: String) {
        var code = first
        for scalar in characters.unicodeScalars {
            if scalar != "·" { set(code, shift: shift, altGr: altGr, scalar) }
            code += 1
        }
    }

    /// Assigns a run of keys from `first` on, unshifted and shifted (a `·` skips a key).
    mutating func row(_ first: UInt16, _ characters: String, shifted: String) {
        row(first, characters)
        row(first, shift: true, shifted)
    }

    /// Assigns one character to one key and level.
    mutating func set(
        _ code: UInt16, shift: Bool = false, altGr: Bool = false, _ scalar: Unicode.Scalar,
        dead: Bool = false
    ) {
        table[Self.index(code, shift, altGr)] = scalar.value | (dead ? Self.deadFlag : 0)
    }

    /// Adds the keypad (same on every layout) and works out which keys Caps Lock affects.
    mutating func finishBuilding() {
        for (code, scalar) in KeyCode.keypadCharacters {
            set(code, scalar)
            set(code, shift: true, scalar)
        }
        set(KeyCode.space, " ")
        set(KeyCode.space, shift: true, " ")
        for code in 0..<UInt16(Self.codeLimit) {
            guard let lower = character(code: code, shift: false, altGr: false),
                let upper = character(code: code, shift: true, altGr: false)
            else { continue }
            let lowerText = String(lower.scalar)
            capsAffected[Int(code)] =
                lowerText != lowerText.uppercased() && lowerText.uppercased() == String(upper.scalar)
        }
    }
}
