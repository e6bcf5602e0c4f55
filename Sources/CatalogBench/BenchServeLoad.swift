import ArgumentParser

/// The load `catalog-bench serve` puts on the hub: subscribers to the event stream, counters posting scans at
/// a steady rate and screens searching as someone types, for a while.
struct BenchServeLoad: ParsableArguments {
    @Option(help: "Subscribers to the event stream during the load.")
    var clients = 20

    @Option(help: "Counters posting scans during the load.")
    var counters = 5

    @Option(help: "Scans a second each counter posts.")
    var rate = 10

    @Option(help: "Screens searching as someone types during the load.")
    var typists = 8

    @Option(help: "Keys a second each typist types (a search per key).")
    var keys = 5

    @Option(help: "How long the load lasts, in seconds.")
    var seconds = 120

    @Option(help: "Signed Square webhooks posted in a burst a third of the way into the load (0: none).")
    var webhooks = 100

    @Option(help: "Keep the hub's log (its standard error) in this file.")
    var hubLog: String?

    @Flag(inversion: .prefixedNo, help: "Run a full sync (catalog sync --full) a third of the way into the load.")
    var fullSync = true
}
