import Foundation

/// The repository's root, for tests that read its files (openapi.yaml, the README) or run
/// its built binaries.
public enum PackageRoot {
    public static var url: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// An executable product `swift build` put next to this test bundle (`.build/debug/<name>`).
    public static func executable(_ name: String) -> URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent(name)
    }
}

extension OpenAPIDocument {
    /// The repository's own openapi.yaml.
    public static func repository() throws -> OpenAPIDocument {
        OpenAPIDocument(yaml: try String(contentsOf: PackageRoot.url.appendingPathComponent("openapi.yaml"), encoding: .utf8))
    }
}
