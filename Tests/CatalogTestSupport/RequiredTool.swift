import Foundation
import Testing

/// A program (or Python module) a test needs from the machine, and the package that provides it.
///
/// The rule for every test that needs one: when the environment variable `CI` is `true` (CI sets it), a
/// missing tool is a failure that names the tool and its package; anywhere else the test is skipped with the
/// same words. A test never passes without having checked what it is for. Use it as a trait,
/// `@Suite(.requires(.pdftotext))`, or at the point of need, `try RequiredTool.require(.zbarimg)`.
public struct RequiredTool: Sendable, CustomStringConvertible {
    /// What is missing, as the sentence names it: `pdftotext`, `the DYMO LabelWriter driver`.
    public let name: String
    /// Where it comes from: `Debian's poppler-utils`, `PyPI's zxing-cpp`.
    public let package: String
    private let check: @Sendable () async -> Bool

    /// A tool that `isInstalled` finds (checked once per test that asks).
    public init(_ name: String, package: String, isInstalled: @escaping @Sendable () async -> Bool) {
        self.name = name
        self.package = package
        check = isInstalled
    }

    /// An executable at one of `paths` (a Debian package's own place for it).
    public static func program(_ name: String, debian: String, at paths: [String]) -> RequiredTool {
        RequiredTool(name, package: "Debian's \(debian)") {
            paths.contains { FileManager.default.isExecutableFile(atPath: $0) }
        }
    }

    /// An executable in /usr/bin (or /usr/sbin) from the Debian package `debian`.
    public static func program(_ name: String, debian: String) -> RequiredTool {
        program(name, debian: debian, at: ["/usr/bin/\(name)", "/usr/sbin/\(name)"])
    }

    /// A module the tests' `python3` (first on PATH: the project's virtualenv) imports, from PyPI's `pypi`.
    public static func pythonModule(_ module: String, pypi: String) -> RequiredTool {
        RequiredTool("the Python module \(module)", package: "PyPI's \(pypi)") {
            let result = try? await ChildProcess.run("/usr/bin/env", ["python3", "-c", "import \(module)"])
            return result?.status == 0
        }
    }

    public var description: String { "\(name) (\(package))" }

    /// Whether it is installed.
    public func isInstalled() async -> Bool { await check() }

    /// Whether this run is CI's: the environment variable `CI` is `true`.
    public static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// The sentence for what of `tools` is missing, or nil when everything is there.
    public static func missing(_ tools: [RequiredTool]) async -> String? {
        var absent: [RequiredTool] = []
        for tool in tools where !(await tool.isInstalled()) { absent.append(tool) }
        guard !absent.isEmpty else { return nil }
        return "needs " + absent.map(\.description).joined(separator: ", ")
            + "; scripts/setup.sh --with-test-tools installs it"
    }

    /// Fails the running test in CI, or skips it elsewhere, when `missing` names something.
    public static func require(missing: String?) throws {
        guard let missing else { return }
        if isCI { throw MissingTool(description: "CI=true and this test \(missing)") }
        try Test.cancel(Comment(rawValue: missing))
    }

    /// Fails the running test in CI, or skips it elsewhere, when one of `tools` is missing.
    public static func require(_ tools: RequiredTool...) async throws {
        try require(missing: await missing(tools))
    }
}

/// A tool a test needs is missing where every tool must be there (CI).
public struct MissingTool: Error, CustomStringConvertible {
    public var description: String
}

/// The trait form of `RequiredTool.require`: before each test (of a suite, each test in it), fails in CI
/// or skips elsewhere when a tool is missing.
public struct RequiresTools: TestTrait, SuiteTrait {
    let tools: [RequiredTool]

    public var isRecursive: Bool { true }

    public func prepare(for test: Test) async throws {
        try RequiredTool.require(missing: await RequiredTool.missing(tools))
    }
}

extension Trait where Self == RequiresTools {
    /// Fails the test in CI, or skips it elsewhere, when one of `tools` is missing.
    public static func requires(_ tools: RequiredTool...) -> Self { RequiresTools(tools: tools) }
}

extension RequiredTool {
    /// poppler's PDF tools (`pdfinfo`, `pdftotext`, `pdftoppm`).
    public static let poppler = RequiredTool("pdfinfo, pdftotext and pdftoppm", package: "Debian's poppler-utils") {
        ["pdfinfo", "pdftotext", "pdftoppm"].allSatisfy {
            FileManager.default.isExecutableFile(atPath: "/usr/bin/\($0)")
        }
    }
    /// zbar's `zbarimg`.
    public static let zbarimg = program("zbarimg", debian: "zbar-tools")
    /// zxing-cpp for Python, the stricter barcode decoder.
    public static let zxingCpp = pythonModule("zxingcpp", pypi: "zxing-cpp")
    /// Pillow, which the Python decoding scripts read images with.
    public static let pillow = pythonModule("PIL", pypi: "pillow")
    /// The CUPS scheduler a private cupsd runs.
    public static let cupsd = program("cupsd", debian: "cups")
    /// The CUPS tools that set up a private cupsd's queues.
    public static let cupsClient = RequiredTool(
        "lpadmin, lpstat, cupsdisable and cupsreject", package: "Debian's cups-client"
    ) {
        ["/usr/sbin/lpadmin", "/usr/bin/lpstat", "/usr/sbin/cupsdisable", "/usr/sbin/cupsreject"].allSatisfy {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }
    /// The driver generator behind `dymo:0/cups/model/lw450.ppd` and its raster filter.
    public static let dymoDriver = RequiredTool(
        "the DYMO LabelWriter driver (/usr/lib/cups/driver/dymo, raster2dymolw)",
        package: "Debian's printer-driver-dymo"
    ) {
        ["/usr/lib/cups/driver/dymo", "/usr/lib/cups/filter/raster2dymolw"].allSatisfy {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }
}
