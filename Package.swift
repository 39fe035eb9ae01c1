// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "CampusMarket",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "MarketCore", targets: ["MarketCore"]),
        .library(name: "MarketClient", targets: ["MarketClient"]),
        .executable(name: "campusmarket", targets: ["campusmarket"]),
        .executable(name: "market", targets: ["market"]),
    ],
    dependencies: [
        .package(url: "https://github.com/vapor/vapor.git", from: "4.110.0"),
        .package(url: "https://github.com/vapor/fluent.git", from: "4.12.0"),
        .package(url: "https://github.com/vapor/fluent-sqlite-driver.git", from: "4.8.0"),
        .package(url: "https://github.com/vapor/fluent-postgres-driver.git", from: "2.10.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.65.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.27.0"),
        // Tests only: the stand-in for Apple's push service speaks HTTP/2 (async-http-client has it already).
        .package(url: "https://github.com/apple/swift-nio-http2.git", from: "1.30.0"),
        .package(url: "https://github.com/vapor/jwt.git", from: "5.0.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", "4.0.0"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        // Already under Vapor; named for the S3 photo store's requests.
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.21.0"),
        // Already under NIO; named for a flag read on every database call (tracing on or off).
        .package(url: "https://github.com/apple/swift-atomics.git", from: "1.2.0"),
        // `swift package generate-documentation` builds MarketClient's DocC.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin.git", from: "1.4.0"),
        // Tests only: a certificate for the STARTTLS test relay.
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.15.0"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.0.0"),
    ],
    targets: [
        // Shared by server and clients: wire types, enums, validation. Foundation only.
        .target(name: "MarketCore", resources: [.copy("Resources/Localizable.xcstrings")]),
        // The system's zlib, for the PNG pictures the seed command draws.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        // The system's libjpeg-turbo and libpng, behind error-safe shims (`setjmp` stays in C).
        .systemLibrary(name: "CJPEG", path: "Sources/CJPEG"),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG"),
        // glibc's malloc tuning: the server keeps one arena a core (`MallocArenas`).
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        // Photos made smaller for screens: decoding a row at a time, resampling, JPEG encoding.
        // Optimised even in debug builds: the tests upload camera-sized photos, and unoptimised
        // pixel loops are fifty times slower.
        .target(
            name: "PhotoCodec",
            dependencies: ["CJPEG", "CPNG"],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]
        ),
        // The Vapor application as a library, so tests and the executable share it.
        .target(
            name: "MarketServer",
            dependencies: [
                "MarketCore",
                "CZlib",
                "CMalloc",
                "PhotoCodec",
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "JWT", package: "jwt"),
                // RSA for RS256 passkeys (Windows Hello).
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Atomics", package: "swift-atomics"),
            ],
            // The web app's templates, styles and scripts, and the API's description travel with
            // the executable: SwiftPM puts them in CampusMarket_MarketServer.resources beside it.
            resources: [.copy("Resources/Views"), .copy("Resources/Public"), .copy("Resources/openapi.yaml")]
        ),
        // Thin executable: `serve` (default), `migrate`, admin commands.
        .executableTarget(
            name: "campusmarket",
            dependencies: ["MarketServer", .product(name: "Vapor", package: "vapor")]
        ),
        // The system's SQLite, for the SDK's store on the device (Apple platforms have their own).
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        // SDK for Apple platforms and Linux; depends on MarketCore and the system's SQLite only.
        .target(
            name: "MarketClient",
            dependencies: ["MarketCore", .target(name: "CSQLite", condition: .when(platforms: [.linux, .android, .windows]))]
        ),
        // The command-line client, on the SDK.
        .executableTarget(
            name: "market",
            dependencies: ["MarketClient", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // What server and SDK tests share: a fresh database per test, the app on a real port.
        .target(
            name: "MarketTestSupport",
            dependencies: [
                "MarketServer",
                "MarketClient",
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            path: "Tests/MarketTestSupport"
        ),
        .testTarget(name: "MarketCoreTests", dependencies: ["MarketCore"]),
        .testTarget(
            name: "MarketClientTests",
            dependencies: ["MarketClient", "MarketTestSupport", "MarketServer", .product(name: "Vapor", package: "vapor")]
        ),
        .testTarget(
            name: "MarketServerTests",
            dependencies: [
                "MarketServer",
                "PhotoCodec",
                "CZlib",
                "CMalloc",
                "MarketTestSupport",
                "MarketClient",
                .product(name: "VaporTesting", package: "vapor"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "JWT", package: "jwt"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            // Read by the tests from the source tree (`SpanishStemmerTests`).
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
