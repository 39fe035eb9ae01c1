import Vapor

/// `GET /photos/{file}`: photo files, cacheable forever (a name is the hash of its bytes).
struct PhotosController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("photos", ":file", use: serve)
    }

    func serve(req: Request) async throws -> Response {
        guard let name = req.parameters.get("file"), PhotoStore.isValidName(name),
              let type = PhotoStore.ImageType(fileName: name) else {
            throw APIError.photoNotFound
        }
        guard let response = try await req.application.photoStorage.response(for: name, on: req) else {
            throw APIError.photoNotFound
        }
        response.headers.replaceOrAdd(name: .contentType, value: type.contentType)
        response.headers.replaceOrAdd(name: .cacheControl, value: "public, max-age=31536000, immutable")
        return response
    }
}
