/// Key events that type codes the way a scanner does, for replays, demos and benchmarks.
public enum TypedScans {
    /// Events typing each of `codes` on `layout` and pressing Enter after it: `keyGap` between keys,
    /// `scanGap` between scans, each key a press and a release with a SYN_REPORT after each.
    public static func events(
        typing codes: [String], layout: KeyboardLayout = .us, keyGap: Duration = .milliseconds(8),
        scanGap: Duration = .milliseconds(300), startingAt start: EventTime = EventTime(seconds: 1, microseconds: 0)
    ) -> [InputEvent] {
        var events: [InputEvent] = []
        var time = start
        func key(_ code: UInt16, _ value: Int32) {
            events.append(.key(code, value, at: time))
            events.append(.report(at: time))
        }
        for text in codes {
            for scalar in text.unicodeScalars {
                guard let chord = layout.chord(for: scalar) else { continue }
                if chord.shift { key(KeyCode.leftShift, 1) }
                if chord.altGr { key(KeyCode.rightAlt, 1) }
                key(chord.code, 1)
                key(chord.code, 0)
                if chord.altGr { key(KeyCode.rightAlt, 0) }
                if chord.shift { key(KeyCode.leftShift, 0) }
                time = time.advanced(by: keyGap)
            }
            key(KeyCode.enter, 1)
            key(KeyCode.enter, 0)
            time = time.advanced(by: scanGap)
        }
        return events
    }
}
