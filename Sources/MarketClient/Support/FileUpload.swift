import Foundation
import MarketCore

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
