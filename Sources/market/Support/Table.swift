import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MarketClient
import MarketCore

/// Rows under headers, each column as wide as its widest cell; numbers right-aligned.
struct Table {
    enum Alignment { case left, right }
    var headers: [String]
    var alignments: [Alignment]
    var rows: [[String]] = []

    init(_ headers: [String], alignments: [Alignment]? = nil) {
        self.headers = headers
        self.alignments = alignments ?? headers.map { _ in .left }
    }

    func render(_ output: Output) -> String {
        let widths = headers.indices.map { column in
            ([headers[column]] + rows.map { $0[column] }).map(\.count).max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.indices.map { column in
                let padding = String(repeating: " ", count: widths[column] - cells[column].count)
                return alignments[column] == .right ? padding + cells[column] : cells[column] + padding
            }.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        return ([output.bold(line(headers))] + rows.map(line)).joined(separator: "\n")
    }
}
