import ArgumentParser
import CatalogApp
import CatalogCore

/// `catalog bench ...` from before the benchmarks had their own binary: says where they went.
struct BenchMovedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench", abstract: "Moved: the benchmarks are catalog-bench.", shouldDisplay: false)

    @Argument(parsing: .captureForPassthrough) var rest: [String] = []

    func run() throws {
        Terminal.error(
            "catalog: the benchmarks are a program of their own now: run catalog-bench \(rest.joined(separator: " "))"
                + " (see catalog-bench --help).")
        throw ExitCode(ExitStatus.usage.rawValue)
    }
}
