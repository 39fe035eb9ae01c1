import MarketCore
import Vapor

/// The language picker in every page's footer: `POST /language` with `language` and `next`.
/// A visitor's choice is a cookie; a signed-in student's is saved on their account as well, so
/// their mails and pushes follow it. Not behind `CSRFMiddleware`: a page every signed-out
/// visitor shares holds no token, and a forged post can only change a visitor's cookie; a
/// signed-in student's account is written only with their token.
struct LanguageController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.post("language", use: choose)
    }

    struct Choice: Content {
        var language: String?
        var next: String?
        var csrf: String?
    }

    func choose(req: Request) async throws -> Response {
        let choice = try req.content.decode(Choice.self)
        guard let language = choice.language.flatMap({ LanguageChoice.offered($0) }) else {
            throw APIError.validation(["language": "must be one of \(Localizer.offered.joined(separator: ", "))"])
        }
        if let session = req.auth.get(Session.self) {
            guard CSRFToken.isValid(choice.csrf, for: req) else { throw APIError.csrfRejected }
            try await req.domain.accounts.setLanguage(language, of: session.user)
        }
        let response = req.redirect(to: LocalRedirect.path(choice.next), redirectType: .normal)
        response.cookies[Request.languageCookie] = HTTPCookies.Value(
            string: language, maxAge: 365 * 24 * 3600, path: "/", isSecure: req.isHTTPS,
            isHTTPOnly: true, sameSite: .lax)
        return response
    }
}
