import CCups

/// A libcups option list that frees itself.
struct JobOptions: ~Copyable {
    private var count: Int32 = 0
    private var list: UnsafeMutablePointer<cups_option_t>?

    /// Sets option `name` to `value`.
    mutating func set(_ name: String, _ value: String) {
        count = cupsAddOption(name, value, count, &list)
    }

    /// Calls `body` with the count and the C array.
    func withOptions<T>(_ body: (Int32, UnsafeMutablePointer<cups_option_t>?) -> T) -> T {
        body(count, list)
    }

    deinit {
        cupsFreeOptions(count, list)
    }
}
