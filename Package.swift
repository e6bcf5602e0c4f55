// swift-tools-version: 6.0
import PackageDescription

/// What `catalog --version` prints: scripts/package.sh sets CATALOG_VERSION (last tag or 0.0.0, plus
/// the commits since it) and CATALOG_COMMIT; a development build is 0.0.0 with no commit.
let buildInfo: [CSetting] = ["CATALOG_VERSION", "CATALOG_COMMIT"].compactMap { name in
    guard let value = Context.environment[name], !value.isEmpty,
        value.allSatisfy({ $0.isLetter || $0.isNumber || "+.-~_".contains($0) })
    else { return nil }
    return .define(name, to: "\"\(value)\"")
}

/// Optimized even in a debug build, which is the build the tests run: the modules every test's sync goes
/// through (CatalogCore's JSON and barcodes, Store's rows and search index, the Sandbox serving the shop).
/// Unoptimized, their loops call the standard library's generic code once per byte or element: writing JSON
/// strings alone was 20% of the Swift tests' CPU, the rest of CatalogCore 16%, Store and Sandbox 5% each.
/// An edit to one of them compiles a few seconds longer; debugging them wants a release-like eye (values
/// may be optimized away).
let optimizedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "catalog",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "catalog", targets: ["CatalogCLI"]),
        .executable(name: "catalog-bench", targets: ["CatalogBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // The hub's own CA and server certificate (X509), and a remote counter that trusts only that CA
        // (AsyncHTTPClient with NIOSSL's trust roots); all are among Hummingbird's own dependencies already.
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        .target(name: "CatalogCore", swiftSettings: optimizedInDebug),
        .target(
            name: "Store",
            dependencies: [
                "CatalogCore", "SquareSchema", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            swiftSettings: optimizedInDebug
        ),
        // libcurl, libcups, Cairo and libzint, loaded on first use (see Sources/CDelayLoad/delay_load.c).
        .target(name: "CDelayLoad", exclude: ["link"], linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "SquareAPI", dependencies: ["CatalogCore", "CDelayLoad"]),
        .target(
            name: "Sync",
            dependencies: [
                "CatalogCore", "Store", "SquareAPI", .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // Starting a Hummingbird server, waiting until it listens, and stopping it without a SwiftNIO trap.
        .target(
            name: "HTTPServing",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // Square's webhooks: a signed-notification listener (Hummingbird) that asks for syncs.
        .target(
            name: "Webhooks",
            dependencies: [
                "CatalogCore", "Store", "Sync", "HTTPServing",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Square's OpenAPI reference without its prose (scripts/extract-square-schemas.py) and a validator for it.
        .target(name: "SquareSchema", dependencies: ["CatalogCore"], resources: [.embedInCode("square-contract.json")]),
        .target(
            name: "Sandbox",
            dependencies: [
                "CatalogCore", "HTTPServing", "SquareSchema",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: optimizedInDebug
        ),
        .systemLibrary(name: "CCairo", path: "Sources/CCairo"),
        .systemLibrary(name: "CZint", path: "Sources/CZint"),
        .systemLibrary(name: "CCups", path: "Sources/CCups"),
        .target(
            name: "Labels",
            dependencies: ["CatalogCore", "CCairo", "CZint", "CDelayLoad", .product(name: "Yams", package: "Yams")]
        ),
        .target(name: "Printing", dependencies: ["CatalogCore", "CCups", "CDelayLoad"]),
        .systemLibrary(name: "CEvdev", path: "Sources/CEvdev"),
        // The system's zlib and Brotli encoder (Debian's zlib1g and libbrotli1; their headers come with
        // libcairo2-dev's): the hub compresses its pages.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        .systemLibrary(name: "CBrotli", path: "Sources/CBrotli"),
        .target(name: "CBuildInfo", cSettings: buildInfo),
        .target(name: "Scanner", dependencies: ["CatalogCore", "CEvdev"]),
        // The workflows every front end shares: settings, lookups, the counter, printing, sync.
        .target(
            name: "CatalogApp",
            dependencies: [
                "CatalogCore", "Store", "SquareAPI", "Sync", "Labels", "Printing", "Scanner",
                .product(name: "Yams", package: "Yams"),
                // Staff PINs: PBKDF2-SHA256 (StaffPINs).
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // `catalog serve`: the shop's hub (API, pages, pairing) on the application layer.
        .target(
            name: "Hub",
            dependencies: [
                "CatalogApp", "CatalogCore", "Store", "Scanner", "Webhooks", "Labels", "Printing", "HTTPServing",
                "CZlib", "CBrotli", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "HummingbirdHTTP2", package: "hummingbird"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            resources: [
                .embedInCode("Assets/hub.css"), .embedInCode("Assets/counter.js"), .embedInCode("Assets/pair.js"),
                .embedInCode("Assets/hub.js"), .embedInCode("Assets/office.js"),
                .embedInCode("Assets/counter-panels.js"), .embedInCode("Assets/office.css"),
                .embedInCode("Assets/pair.css"),
                .embedInCode("Assets/staff.js"), .embedInCode("Assets/jobs.js"),
            ]
        ),
        // What every command-line front end shares: failures as one line and an exit status.
        .target(
            name: "CommandSupport",
            dependencies: [
                "CatalogApp", "CatalogCore", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "CatalogCLI",
            dependencies: [
                "CatalogApp", "CatalogCore", "Store", "SquareAPI", "Sync", "Webhooks", "Sandbox", "Labels", "Printing",
                "Scanner", "CBuildInfo", "CommandSupport", "Hub",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Yams", package: "Yams"),
            ],
            // Foundation asks for -lcurl; this -L folder answers with libcurl "as needed", and CDelayLoad
            // already defines what Foundation calls, so the binary does not load libcurl at start.
            linkerSettings: [
                .unsafeFlags([
                    "-L\(Context.packageDirectory)/Sources/CDelayLoad/link", "-use-ld=lld", "-Xlinker", "-z",
                    "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic",
                ])
            ]
        ),
        // `catalog-bench`: the speed targets, measured against a sandbox; not part of the product.
        .executableTarget(
            name: "CatalogBench",
            dependencies: [
                "CatalogApp", "CommandSupport", "CatalogCore", "Store", "SquareAPI", "Sync", "Sandbox", "Labels",
                "Printing", "Scanner", "Webhooks", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            linkerSettings: [.unsafeFlags(["-L\(Context.packageDirectory)/Sources/CDelayLoad/link"])]
        ),
        .testTarget(name: "CatalogCoreTests", dependencies: ["CatalogTestSupport", "CatalogCore"]),
        .testTarget(name: "LabelsTests", dependencies: ["CatalogTestSupport", "Labels", "CatalogCore"]),
        .testTarget(name: "ScannerTests", dependencies: ["CatalogTestSupport", "Scanner", "CatalogCore", "CEvdev"]),
        .target(name: "PrintingTestSupport", path: "Tests/PrintingTestSupport"),
        // The system's Brotli decoder, for HubTests to read what the hub compressed.
        .systemLibrary(name: "CBrotliDecode", path: "Tests/CBrotliDecode"),
        // What many test targets share: a clock the test moves, child processes awaited off Swift's pool.
        .target(name: "CatalogTestSupport", dependencies: ["CatalogCore"], path: "Tests/CatalogTestSupport"),
        .testTarget(
            name: "PrintingTests",
            dependencies: ["CatalogTestSupport", "Printing", "PrintingTestSupport", "CatalogCore"]),
        .testTarget(
            name: "StoreTests",
            dependencies: ["CatalogTestSupport", "Store", "CatalogCore", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(
            name: "SandboxTests",
            dependencies: [
                "CatalogTestSupport",
                "Sandbox", "CatalogCore", "SquareSchema",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "SquareAPITests", dependencies: ["CatalogTestSupport", "SquareAPI", "Sandbox", "CatalogCore"]),
        .testTarget(
            name: "SyncTests",
            dependencies: ["CatalogTestSupport", "Sync", "Store", "SquareAPI", "Sandbox", "CatalogCore"]),
        .testTarget(
            name: "WebhooksTests",
            dependencies: [
                "CatalogTestSupport",
                "Webhooks", "Sync", "Store", "SquareAPI", "Sandbox", "CatalogCore",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .testTarget(
            name: "CatalogCLITests",
            dependencies: [
                "CatalogTestSupport", "CatalogCLI", "CatalogApp",
                "Sandbox", "SquareAPI", "Store", "Scanner", "CatalogCore", "PrintingTestSupport", "CommandSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "CatalogAppTests",
            dependencies: [
                "CatalogTestSupport",
                "CatalogApp", "CatalogCore", "Store", "SquareAPI", "Sync", "Webhooks", "Sandbox", "Labels", "Printing",
                "Scanner", "PrintingTestSupport",
            ]
        ),
        .testTarget(
            name: "HubTests",
            dependencies: [
                "CatalogTestSupport", "Hub", "CatalogApp", "CatalogCore", "Store", "Sync", "Sandbox", "SquareAPI",
                "CBrotliDecode", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
        .testTarget(
            name: "ContractTests",
            dependencies: [
                "CatalogTestSupport", "SquareAPI", "Sandbox", "SquareSchema", "Store", "Sync", "CatalogCore",
            ],
            resources: [.copy("Fixtures")]
        ),
    ]
)
