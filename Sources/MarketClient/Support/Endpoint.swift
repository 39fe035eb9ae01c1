import Foundation
import MarketCore

/// One API call: method, path under `/api/v1`, query parameters and a body.
///
/// Each resource has its own enum of endpoints with typed parameters (``AuthEndpoint``,
/// ``ListingEndpoint``, ``OrderEndpoint``, ...); ``APIClient/send(_:as:)`` sends one.
public protocol Endpoint: Sendable {
    /// `GET`, `POST`, `PUT`, `PATCH` or `DELETE`.
    var method: String { get }
    /// The path under `/api/v1`, without a leading slash (`listings/<id>`).
    var path: String { get }
    /// A JSON body, for endpoints that take one.
    var body: (any Encodable & Sendable)? { get }
    /// A file sent as `multipart/form-data`, for endpoints that take one (a listing photo).
    var upload: FileUpload? { get }
    /// URL query parameters, for endpoints that take them.
    var queryItems: [URLQueryItem] { get }
}

extension Endpoint {
    public var body: (any Encodable & Sendable)? { nil }
    public var upload: FileUpload? { nil }
    public var queryItems: [URLQueryItem] { [] }
}

/// A file for a `multipart/form-data` request: the form field's name, a file name and the bytes.
public struct FileUpload: Sendable, Equatable {
    public var field: String
    public var filename: String
    public var contentType: String
    public var data: Data

    public init(field: String, filename: String, contentType: String = "application/octet-stream", data: Data) {
        self.field = field
        self.filename = filename
        self.contentType = contentType
        self.data = data
    }

    /// The body and its `Content-Type` header (with the boundary).
    func multipartBody(boundary: String = "campusmarket-\(UUID().wireString)") -> (body: Data, contentType: String) {
        let safeName = filename.replacingOccurrences(of: "\"", with: "")
        var body = Data()
        body.append(Data("--\(boundary)\r\n".utf8))
        body.append(Data("Content-Disposition: form-data; name=\"\(field)\"; filename=\"\(safeName)\"\r\n".utf8))
        body.append(Data("Content-Type: \(contentType)\r\n\r\n".utf8))
        body.append(data)
        body.append(Data("\r\n--\(boundary)--\r\n".utf8))
        return (body, "multipart/form-data; boundary=\(boundary)")
    }
}

extension PageRequest {
    var queryItems: [URLQueryItem] {
        QueryItems().adding("limit", limit).adding("cursor", cursor).items
    }
}

/// Builds a query, leaving out parameters that are nil.
struct QueryItems {
    var items: [URLQueryItem] = []

    func adding(_ name: String, _ value: (any CustomStringConvertible)?) -> QueryItems {
        guard let value else { return self }
        var copy = self
        copy.items.append(URLQueryItem(name: name, value: value.description))
        return copy
    }

    func adding(_ name: String, _ value: UUID?) -> QueryItems {
        adding(name, value?.wireString)
    }

    func adding<Value: RawRepresentable>(_ name: String, _ value: Value?) -> QueryItems where Value.RawValue == String {
        adding(name, value?.rawValue)
    }

    func adding(_ items: [URLQueryItem]) -> QueryItems {
        var copy = self
        copy.items += items
        return copy
    }
}
