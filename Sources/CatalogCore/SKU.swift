/// Stock-keeping unit codes as merchants type them.
public enum SKU {
    /// The lookup key of `sku`: upper-cased, with spaces, hyphens, dots, slashes and underscores left out,
    /// so `hw-0142 s`, `HW.0142/S` and `HW0142S` all give `HW0142S`.
    public static func key(_ sku: String) -> String {
        String(sku.filter { !$0.isWhitespace && !ignored.contains($0) }).uppercased()
    }

    private static let ignored: Set<Character> = ["-", "‐", "–", ".", "/", "\\", "_"]
}
