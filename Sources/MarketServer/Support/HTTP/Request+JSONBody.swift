import Vapor

extension Request {
    /// Decodes the JSON body of an API call. Other content types are 415 (Vapor would otherwise
    /// accept form-encoded bodies too) and an empty body is 400, so clients learn what is wrong.
    func jsonBody<T: Decodable>(_ type: T.Type) throws -> T {
        guard let contentType = headers.contentType, contentType == .json else {
            throw APIError.unsupportedMediaType("application/json")
        }
        guard let body = body.data, body.readableBytes > 0 else {
            throw APIError.malformedBody("The request body must be a JSON object.")
        }
        guard !NulCharacter.inJSON(body) else { throw APIError.nulCharacter }
        return try JSONDecoder.api.decode(T.self, from: body)
    }

    /// Decodes a web form's body (`NulCharacter`'s check first, on URL-encoded forms only: a
    /// multipart form's file parts are binary, and may hold the bytes `%00`).
    func formBody<T: Decodable>(_ type: T.Type) throws -> T {
        if headers.contentType == .urlEncodedForm, let body = body.data, NulCharacter.inForm(body) {
            throw APIError.nulCharacter
        }
        return try content.decode(T.self)
    }
}
