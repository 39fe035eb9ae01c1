// swift-tools-version:6.0
// The template engines side by side on the feed page: ours (Sources/MarketServer/Support/Templates,
// linked in, not copied), LeafKit (which it replaced) and hummingbird-project's swift-mustache,
// from the same values.
// bench/templates.sh builds it in release and runs it; not part of the server's build.
import PackageDescription

let package = Package(
    name: "TemplateBench",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.80.0"),
        .package(url: "https://github.com/vapor/leaf-kit.git", from: "1.14.2"),
    ],
    targets: [
        .executableTarget(
            name: "TemplateBench",
            dependencies: [
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "LeafKit", package: "leaf-kit"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
