import ArgumentParser

/// How every benchmark prints its figures: a report for people, or one JSON object with --json.
struct BenchOutputOptions: ParsableArguments {
    @Flag(help: "Print the figures as one JSON object.")
    var json = false
}
