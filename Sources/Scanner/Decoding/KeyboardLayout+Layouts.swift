// Key codes by position (US names): 2...13 number row (1 ... =), 16...27 top row (Q ... ]), 30...41 home
// row (A ... `), 43 backslash, 44...53 bottom row (Z ... /), 86 the extra ISO key left of Z (KEY_102ND).
// Linux (xkb) conventions where layouts differ between systems.

extension KeyboardLayout {
    /// US English (QWERTY), the default and what most scanners send out of the box.
    public static let us: KeyboardLayout = {
        var layout = KeyboardLayout(name: "us")
        layout.row(2, "1234567890-=", shifted: "!@#$%^&*()_+")
        layout.row(16, "qwertyuiop[]", shifted: "QWERTYUIOP{}")
        layout.row(30, "asdfghjkl;'`", shifted: "ASDFGHJKL:\"~")
        layout.row(43, "\\zxcvbnm,./", shifted: "|ZXCVBNM<>?")
        layout.finishBuilding()
        return layout
    }()

    /// German (QWERTZ): Y and Z swapped, `-` on the US `/` key, `^` and `` ` `` dead keys.
    public static let de: KeyboardLayout = {
        var layout = KeyboardLayout(name: "de")
        layout.row(2, "1234567890ß", shifted: "!\"§$%&/()=?")
        layout.set(13, "´", dead: true)
        layout.set(13, shift: true, "`", dead: true)
        layout.row(3, altGr: true, "²³···{[]}\\")
        layout.row(16, "qwertzuiopü+", shifted: "QWERTZUIOPÜ*")
        layout.set(16, altGr: true, "@")
        layout.set(18, altGr: true, "€")
        layout.set(27, altGr: true, "~")
        layout.row(30, "asdfghjklöä", shifted: "ASDFGHJKLÖÄ°")
        layout.set(41, "^", dead: true)
        layout.row(43, "#yxcvbnm,.-", shifted: "'YXCVBNM;:_")
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
        layout.row(2, "&é\"'(-è_çà)=", shifted: "1234567890°+")
        layout.row(3, altGr: true, "~#{[|`\\^@]}")
        layout.row(16, "azertyuiop", shifted: "AZERTYUIOP")
        layout.set(26, "^", dead: true)
        layout.set(27, "$")
        layout.set(26, shift: true, "¨", dead: true)
        layout.set(27, shift: true, "£")
        layout.set(18, altGr: true, "€")
        layout.set(27, altGr: true, "¤")
        layout.row(30, "qsdfghjklmù²", shifted: "QSDFGHJKLM%")
        layout.row(43, "*wxcvbn,;:!", shifted: "µWXCVBN?./§")
        layout.set(86, "<")
        layout.set(86, shift: true, ">")
        layout.finishBuilding()
        return layout
    }()

    /// British English: `"` and `@` swapped, `£` on Shift+3, `#~` by Enter, `\|` left of Z.
    public static let uk: KeyboardLayout = {
        var layout = KeyboardLayout(name: "uk")
        layout.row(2, "1234567890-=", shifted: "!\"£$%^&*()_+")
        layout.set(5, altGr: true, "€")
        layout.row(16, "qwertyuiop[]", shifted: "QWERTYUIOP{}")
        layout.row(30, "asdfghjkl;'`", shifted: "ASDFGHJKL:@¬")
        layout.set(41, altGr: true, "¦")
        layout.row(43, "#zxcvbnm,./", shifted: "~ZXCVBNM<>?")
        layout.set(86, "\\")
        layout.set(86, shift: true, "|")
        layout.finishBuilding()
        return layout
    }()
}
