import MarketCore
import Vapor

extension Request {
    /// The name of the cookie the language picker sets for a visitor who is not signed in.
    static let languageCookie = "lang"

    /// The language this request is answered in (pages, API error messages, notices): the
    /// signed-in person's saved choice, the picker's cookie, the browser's `Accept-Language`
    /// (quality values honoured, "es-MX" read as "es"), their campus's language, English. Kept
    /// for the request while the viewer stays the same.
    var localizer: Localizer {
        let user = auth.get(Session.self)?.user
        if let kept = storage[LocalizerKey.self], kept.viewer == user?.id { return kept.localizer }
        let wishes = [user?.language, cookies[Self.languageCookie]?.string]
            + LanguageChoice.ranked(acceptLanguage: headers.first(name: .acceptLanguage) ?? "")
            + [domain.trust.campusLanguage(of: user)]
        let localizer = Localizer.chosen(from: wishes)
        storage[LocalizerKey.self] = .init(viewer: user?.id, localizer: localizer)
        return localizer
    }

    /// `phrase` in this request's language.
    func words(_ phrase: Phrase) -> String { localizer.string(phrase) }

    private struct LocalizerKey: StorageKey {
        struct Value { var viewer: UUID?; var localizer: Localizer }
    }
}

/// Says which language an answer with words is in (`Content-Language`): a page, or an error
/// whose message was written for the reader. Data (a listing's JSON, a photo) has none.
struct ContentLanguageMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        let type = response.headers.contentType
        let hasWords = type?.subType == "html" || (response.status.code >= 400 && type?.subType == "json")
        if hasWords, response.headers.first(name: .contentLanguage) == nil {
            response.headers.replaceOrAdd(name: .contentLanguage, value: request.localizer.language)
        }
        return response
    }
}

/// Runs the handlers behind it in the request's language (`Localizer.current`), so a phrase
/// put in words anywhere while answering — a page's parts made before it is drawn, a card's
/// HTML — is in the reader's language without handing it down. After the authenticators: a
/// signed-in student's saved choice counts.
struct RequestLanguageMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        try await Localizer.$current.withValue(request.localizer) {
            try await next.respond(to: request)
        }
    }
}
