import Foundation
import Vapor

/// `/.well-known/apple-app-site-association`: tells iOS which of this site's links the app opens
/// (a listing, an order, a conversation, a course, from a mail or a push) and that the app may use
/// this site's passkeys. Served only when `APPLE_APP_ID` names the app; Apple fetches it over
/// HTTPS without redirects, as JSON.
struct AppSiteAssociationController: RouteCollection {
    /// The paths the app opens itself.
    static let appPaths = ["/listings/*", "/orders/*", "/messages/*", "/courses/*"]

    func boot(routes: any RoutesBuilder) throws {
        routes.get(".well-known", "apple-app-site-association", use: association)
    }

    func association(req: Request) async throws -> Response {
        guard let appID = req.application.settings.appleAppID else { throw APIError.notFoundAtAddress }
        let document: [String: Any] = [
            "applinks": ["details": [["appIDs": [appID], "components": Self.appPaths.map { ["/": $0] }]]],
            "webcredentials": ["apps": [appID]],
        ]
        var headers = HTTPHeaders()
        headers.contentType = .json
        return Response(status: .ok, headers: headers,
                        body: .init(data: try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .withoutEscapingSlashes])))
    }
}
