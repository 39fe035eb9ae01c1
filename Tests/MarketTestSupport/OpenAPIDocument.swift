import Foundation

/// Just enough of openapi.yaml to list its operations as "method /path" and the status codes
/// each documents (no YAML dependency: the file's layout is fixed — paths at two spaces,
/// methods at four, `responses:` at six and status codes at eight).
public struct OpenAPIDocument {
    /// "get /api/v1/listings/{listingID}", one per operation.
    public var operations: Set<String> { Set(statusCodes.keys) }
    /// The documented status codes ("200", "404", …) of each operation.
    public let statusCodes: [String: Set<String>]

    public init(yaml: String) {
        var statusCodes: [String: Set<String>] = [:]
        var inPaths = false
        var currentPath: String?
        var currentOperation: String?
        var inResponses = false
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            if !line.hasPrefix(" "), !line.isEmpty { inPaths = line.hasPrefix("paths:"); continue }
            guard inPaths else { continue }
            let key = line.trimmingCharacters(in: .whitespaces).split(separator: ":").first.map(String.init) ?? ""
            switch Self.indent(of: line) {
            case 2 where line.hasPrefix("  /"):
                currentPath = key
                currentOperation = nil
            case 4:
                currentOperation = nil
                if ["get", "post", "put", "patch", "delete"].contains(key), let currentPath {
                    let operation = "\(key) \(currentPath)"
                    currentOperation = operation
                    statusCodes[operation] = []
                }
            case 6:
                inResponses = key == "responses"
            case 8 where inResponses:
                let code = key.trimmingCharacters(in: CharacterSet(charactersIn: "'\""))
                if let currentOperation, code.count == 3, Int(code) != nil {
                    statusCodes[currentOperation]?.insert(code)
                }
            default:
                break
            }
        }
        self.statusCodes = statusCodes
    }

    private static func indent(of line: Substring) -> Int {
        line.prefix { $0 == " " }.count
    }
}
