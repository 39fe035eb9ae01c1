import MarketCore
import Vapor

extension PageLayout: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .object([
            "title": title.templateValue, "csrf": csrf.templateValue,
            "viewerName": viewerName.templateValue, "viewerID": viewerID.templateValue,
            "unreadCount": unreadCount.templateValue, "messageUnreadCount": messageUnreadCount.templateValue,
            "menuUnreadCount": menuUnreadCount.templateValue, "notice": notice.templateValue,
            "path": path.templateValue, "searchText": searchText.templateValue,
            "verificationRequired": verificationRequired.templateValue, "isModerator": isModerator.templateValue,
            "timeZone": timeZone.templateValue,
            "language": language.templateValue, "direction": direction.templateValue, "showsLanguages": showsLanguages.templateValue,
            "languages": .array(languages.map { .object(["tag": $0.tag.templateValue, "name": $0.name.templateValue, "selected": $0.selected.templateValue]) }),
            "styles": styles.templateValue, "appScript": appScript.templateValue,
            "passkeysScript": passkeysScript.templateValue, "liveScript": liveScript.templateValue,
        ])
    }
}

extension Request {
    /// Renders `template` inside the shared layout.
    func renderPage<Content: Encodable>(_ template: String, title: Phrase, _ content: Content,
                                        status: HTTPResponseStatus = .ok) async throws -> Response {
        let session = auth.get(Session.self)
        let services = domain
        var unread = 0, messages = 0
        if let session {
            unread = try await services.notifications.unreadCount(for: session.userID)
            messages = try await services.conversations.unreadCount(for: session.userID)
        }
        let localizer = self.localizer
        var layout = PageLayout(
            title: localizer.string(title), csrf: CSRFToken.token(for: self), viewerName: session?.user.name,
            viewerID: session.flatMap { $0.user.id?.wireString }, unreadCount: unread, messageUnreadCount: messages,
            notice: Notice.carried(by: self).map { localizer.string($0.text) },
            path: path, searchText: path == "/" ? (queryValues["q"] ?? "") : "",
            verificationRequired: session.map { services.trust.requireVerified && !services.trust.isVerified($0.user) } ?? false,
            isModerator: session?.user.isModerator ?? false,
            timeZone: localTime.zoneName(at: services.now))
        layout.menuUnreadCount = unread + messages
        layout.speak(localizer)
        layout.link(application.assetVersions)
        // Templates read `layout.x` and `page.y`. Content written as template values by hand
        // skips `Encodable` (one cast a page).
        // Its words in the reader's language: a `Phrase` in the content encodes itself in it.
        let body = try Localizer.$current.withValue(localizer) {
            let values: TemplateValue = .object([
                "layout": layout.templateValue,
                "page": try (content as? any TemplateValueConvertible)?.templateValue ?? TemplateEncoder.encode(content),
            ])
            return try application.pageTemplates.draw(template, values: values, in: localizer)
        }
        let response = Response(status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: .init(buffer: body))
        // Pages show private things to signed-in people: never keep them in a shared cache. A
        // page every signed-out visitor shares says how it may be kept (`ConditionalGet`).
        if storage[CSRFToken.SharedPage.self] != true { response.headers.replaceOrAdd(name: .cacheControl, value: "no-store") }
        Notice.shown(on: response, for: self)
        return response
    }

    /// The signed-in person, or a 401 the error middleware turns into the sign-in page.
    func requireWebSession() throws -> Session {
        try requireSession()
    }

    /// Sends the browser on with a notice shown once, on the next page (Post/Redirect/Get).
    func seeOther(_ path: String, notice: Notice? = nil) -> Response {
        let response = redirect(to: path, redirectType: .normal)
        notice?.carry(on: response, for: self)
        return response
    }
}

extension Session {
    var userID: UUID { user.id! }  // a session always has a stored user
}

extension Response {
    /// A page answering a 429 says when to try again in `Retry-After` too, as the API does.
    func retryingAfter(_ error: APIError) -> Response {
        if let wait = error.headers.first(name: .retryAfter) { headers.replaceOrAdd(name: .retryAfter, value: wait) }
        return self
    }
}
