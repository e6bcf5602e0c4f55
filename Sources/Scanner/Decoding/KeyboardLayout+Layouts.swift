// Key codes by position (US names): 2...13 number row (1 ... =), 16...27 top row (Q ... ]), 30...41 home
// row (A ... `), 43 backslash, 44...53 bottom row (Z ... /), 86 the extra ISO key left of Z (KEY_102ND).
// Linux (xkb) conventions where layouts differ between systems.

extension KeyboardLayout {
    /// US English (QWERTY), the default and what most scanners send out of the box.
    public static let us: KeyboardLayout = {
        var layout = KeyboardLayout(name: "us")
        layout.row(2, "1234567890-=")
        layout.row(2, shift: true, "!@#$%^&*()_+")
        layout.row(16, "qwertyuiop[]")
        layout.row(16, shift: true, "QWERTYUIOP{}")
        layout.row(30, "asdfghjkl;'`")
        layout.row(30, shift: true, "ASDFGHJKL:\"~")
        layout.row(43, "\\zxcvbnm,./")
        layout.row(43, shift: true, "|ZXCVBNM<>?")
        layout.finishBuilding()
        return layout
    }()

    /// German (QWERTZ): Y and Z swapped, `-` on the US `/` key, `^` and `` ` `` dead keys.
    public static let de: KeyboardLayout = {
        var layout = KeyboardLayout(name: "de")
        layout.row(2, "1234567890ß")
        layout.set(13, "´", dead: true)
        layout.row(2, shift: true, "!\"§$%&/()=?")
        layout.set(13, shift: true, "`", dead: true)
        layout.row(3, altGr: true, "²³···{[]}\\")
        layout.row(16, "qwertzuiopü+")
        layout.row(16, shift: true, "QWERTZUIOPÜ*")
        layout.set(16, altGr: true, "@")
        layout.set(18, altGr: true, "€")
        layout.set(27, altGr: true, "~")
        layout.row(30, "asdfghjklöä")
        layout.set(41, "^", dead: true)
        layout.row(30, shift: true, "ASDFGHJKLÖÄ°")
        layout.row(43, "#yxcvbnm,.-")
        layout.row(43, shift: true, "'YXCVBNM;:_")
        layout.set(50, altGr: true, "µ")
        layout.set(86, "<")
        layout.set(86, shift: true, ">")
        layout.set(86, altGr: true, "|")
        layout.finishBuilding()
        return layout
    }()

    /// French (AZERTY): digits need Shift, A/Q and Z/W swapped, M right of L.
    public static let fr: KeyboardLayout = {
        var layout = KeyboardLayout(name: "fr")
        layout.row(2, "&é\"'(-è_çà)=")
        layout.row(2, shift: true, "1234567890°+")
        layout.row(3, altGr: true, "~#{[|`\\^@]}")
        layout.row(16, "azertyuiop")
        layout.set(26, "^", dead: true)
        layout.set(27, "$")
        layout.row(16, shift: true, "AZERTYUIOP")
        layout.set(26, shift: true, "¨", dead: true)
        layout.set(27, shift: true, "£")
        layout.set(18, altGr: true, "€")
        layout.set(27, altGr: true, "¤")
        layout.row(30, "qsdfghjklmù²")
        layout.row(30, shift: true, "QSDFGHJKLM%")
        layout.row(43, "*wxcvbn,;:!")
        layout.row(43, shift: true, "µWXCVBN?./§")
        layout.set(86, "<")
        layout.set(86, shift: true, ">")
        layout.finishBuilding()
        return layout
    }()

    /// British English: `"` and `@` swapped, `£` on Shift+3, `#~` by Enter, `\|` left of Z.
    public static let uk: KeyboardLayout = {
        var layout = KeyboardLayout(name: "uk")
        layout.row(2, "1234567890-=")
        layout.row(2, shift: true, "!\"£$%^&*()_+")
        layout.set(5, altGr: true, "€")
        layout.row(16, "qwertyuiop[]")
        layout.row(16, shift: true, "QWERTYUIOP{}")
        layout.row(30, "asdfghjkl;'`")
        layout.row(30, shift: true, "ASDFGHJKL:@¬")
        layout.set(41, altGr: true, "¦")
        layout.row(43, "#zxcvbnm,./")
        layout.row(43, shift: true, "~ZXCVBNM<>?")
        layout.set(86, "\\")
        layout.set(86, shift: true, "|")
        layout.finishBuilding()
        return layout
    }()
}
