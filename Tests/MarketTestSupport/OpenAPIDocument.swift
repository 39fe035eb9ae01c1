import Foundation

/// Just enough of openapi.yaml to list its operations as "method /path" (no YAML dependency:
/// the file's layout is fixed — paths at two spaces, methods at four).
public struct OpenAPIDocument {
    /// "get /api/v1/listings/{listingID}", one per operation.
    public let operations: Set<String>

    public init(yaml: String) {
        var operations = Set<String>()
        var inPaths = false
        var currentPath: String?
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            if !line.hasPrefix(" "), !line.isEmpty { inPaths = line.hasPrefix("paths:"); continue }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), !line.hasPrefix("   ") {
                currentPath = String(line.dropFirst(2).dropLast())  // "  /x:" -> "/x"
            } else if line.hasPrefix("    "), !line.hasPrefix("     "), let currentPath {
                let key = line.trimmingCharacters(in: .whitespaces).dropLast()
                if ["get", "post", "put", "patch", "delete"].contains(String(key)) {
                    operations.insert("\(key) \(currentPath)")
                }
            }
        }
        self.operations = operations
    }
}
