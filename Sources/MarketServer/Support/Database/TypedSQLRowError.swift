import Foundation
import SQLKit

enum TypedSQLRowError: Error, Equatable, CustomStringConvertible {
    case noColumn(String)
    case null(String)
    /// A value of another type than asked, before the reader names its column.
    case mismatch(value: String, type: String)
    case typeMismatch(String, String, String)

    var description: String {
        switch self {
        case .noColumn(let column): "No column \(column) in the row."
        case .null(let column): "Column \(column) is NULL."
        case .mismatch(let value, let type): "A column holds \(value), not \(type)."
        case .typeMismatch(let column, let value, let type): "Column \(column) holds \(value), not \(type)."
        }
    }
}
