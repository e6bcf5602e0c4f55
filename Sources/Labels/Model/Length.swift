/// A length on a label or page, kept in PostScript points (1/72 inch).
///
/// Templates write lengths with a unit (`50.8mm`, `2in`, `12pt`); printer dots depend on the
/// template's resolution, so they are computed, never stored.
public struct Length: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The length in points.
    public var points: Double

    public init(points: Double) { self.points = points }

    public static func points(_ value: Double) -> Length { Length(points: value) }
    public static func millimetres(_ value: Double) -> Length { Length(points: value * 72 / 25.4) }
    public static func inches(_ value: Double) -> Length { Length(points: value * 72) }
    public static let zero = Length(points: 0)

    /// The length in millimetres.
    public var millimetres: Double { points * 25.4 / 72 }
    /// The length in inches.
    public var inches: Double { points / 72 }
    /// The length in printer dots at `dpi` (not rounded).
    public func dots(at dpi: Int) -> Double { points * Double(dpi) / 72 }

    public static func < (lhs: Length, rhs: Length) -> Bool { lhs.points < rhs.points }
    public static func + (lhs: Length, rhs: Length) -> Length { Length(points: lhs.points + rhs.points) }
    public static func - (lhs: Length, rhs: Length) -> Length { Length(points: lhs.points - rhs.points) }
    public static func * (lhs: Length, rhs: Double) -> Length { Length(points: lhs.points * rhs) }

    public var description: String {
        let mm = (millimetres * 100).rounded() / 100
        return "\(mm)mm"
    }
}

/// A rectangle on a label, from its top-left corner (y grows downwards).
public struct LabelRect: Sendable, Hashable {
    public var x: Length
    public var y: Length
    public var width: Length
    public var height: Length

    public init(x: Length, y: Length, width: Length, height: Length) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// Space kept clear on each side (a printer's unprintable edge, a die-cut's tolerance).
public struct LabelInsets: Sendable, Hashable {
    public var top: Length
    public var left: Length
    public var bottom: Length
    public var right: Length

    public init(top: Length = .zero, left: Length = .zero, bottom: Length = .zero, right: Length = .zero) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on every side.
    public static func all(_ length: Length) -> LabelInsets {
        LabelInsets(top: length, left: length, bottom: length, right: length)
    }
}
