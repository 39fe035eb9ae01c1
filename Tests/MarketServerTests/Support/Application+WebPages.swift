import Foundation
@testable import MarketServer
import Vapor

/// A page as a browser got it: the CSRF token its forms carry, the cookies the browser holds
/// after it, and its HTML.
struct VisitedPage {
    let csrf: String
    let cookies: String
    let text: String
}

extension Application {
    /// GETs a web page with these cookies, as a browser would.
    func visit(_ path: String, cookies: String = "") async throws -> VisitedPage {
        let page = try await send(.GET, path, headers: cookies.isEmpty ? [:] : ["Cookie": cookies])
        let csrf = page.text.firstMatch(of: /name="csrf" value="([^"]+)"/).map { String($0.1) } ?? ""
        let set = page.headers[.setCookie].map { String($0.split(separator: ";")[0]) }
        return VisitedPage(csrf: csrf, cookies: ([cookies] + set).filter { !$0.isEmpty }.joined(separator: "; "), text: page.text)
    }

    /// Posts a form (already encoded) with the browser's cookies.
    func postForm(_ path: String, _ form: String, cookies: String = "") async throws -> TestResponse {
        try await send(.POST, path, rawBody: form, headers: ["Content-Type": "application/x-www-form-urlencoded", "Cookie": cookies])
    }

    /// Posts form fields, each percent-encoded.
    func postForm(_ path: String, fields: [String: String], cookies: String = "") async throws -> TestResponse {
        let form = fields.map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }
        return try await postForm(path, form.joined(separator: "&"), cookies: cookies)
    }
}
