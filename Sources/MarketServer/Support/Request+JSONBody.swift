import Vapor

extension Request {
    /// Decodes the JSON body of an API call. Other content types are 415 (Vapor would otherwise
    /// accept form-encoded bodies too) and an empty body is 400, so clients learn what is wrong.
    func jsonBody<T: Decodable>(_ type: T.Type) throws -> T {
        guard let contentType = headers.contentType, contentType == .json else {
            throw APIError(.unsupportedMediaType, code: "unsupported_media_type",
                           message: "Send the body as application/json.")
        }
        guard let body = body.data, body.readableBytes > 0 else {
            throw APIError(.badRequest, code: "malformed_body", message: "The request body must be a JSON object.")
        }
        return try JSONDecoder.api.decode(T.self, from: body)
    }
}
