import MarketCore
import Vapor

/// What every page's layout shows: the title, who is signed in, the unread badge, the CSRF
/// token its forms carry, and a one-line notice after an action.
struct PageLayout: Encodable {
    /// One language of the footer's picker.
    struct LanguageOption: Encodable {
        var tag: String
        var name: String
        var selected: Bool
    }

    var title: String
    /// The page's language (`<html lang>`) and its direction (`dir`: "ltr" or "rtl").
    var language = "en", direction = "ltr"
    /// The picker's languages; empty while only one is offered.
    var languages: [LanguageOption] = []
    var showsLanguages = false
    var csrf: String
    var viewerName: String?
    var viewerID: String?
    var unreadCount: Int
    /// Unread messages, for the Messages badge.
    var messageUnreadCount: Int
    /// Both, on the phone's closed menu.
    var menuUnreadCount = 0
    var notice: String?
    var path: String
    /// The header search box keeps what was searched.
    var searchText: String
    /// Signed in, unverified, and the market asks for verification: the banner shows.
    var verificationRequired = false
    /// Moderators see a link to the queue.
    var isModerator = false
    /// The zone every time on the page is in: "Eastern Time (EST)".
    var timeZone = "UTC"
    /// The styles' and scripts' addresses, with their versions (`AssetVersions`).
    var styles = "/css/app.css", appScript = "/js/app.js", passkeysScript = "/js/passkeys.js", liveScript = "/js/live.js"

    mutating func speak(_ localizer: Localizer) {
        language = localizer.language
        direction = localizer.isRightToLeft ? "rtl" : "ltr"
        guard Localizer.offered.count > 1 else { return }
        languages = Localizer.offered.map { LanguageOption(tag: $0, name: Localizer.nativeNames[$0] ?? $0, selected: $0 == language) }
        showsLanguages = true
    }

    mutating func link(_ assets: AssetVersions) {
        (styles, appScript, passkeysScript, liveScript) = (assets.url(styles), assets.url(appScript), assets.url(passkeysScript), assets.url(liveScript))
    }
}
