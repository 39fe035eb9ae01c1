import MarketCore
import Vapor

/// One-line confirmations shown after an action. Only these fixed sentences can appear, so a
/// crafted link cannot put words on the page.
enum Notice: String {
    case signedIn = "signed-in", signedOut = "signed-out", welcome
    case listingPublished = "listing-published", listingSaved = "listing-saved"
    case listingDeleted = "listing-deleted", listingArchived = "listing-archived"
    case featured, featureCancelled = "feature-cancelled"
    case purchased, rented, offerSent = "offer-sent"
    case orderUpdated = "order-updated", offerUpdated = "offer-updated"
    case notificationsRead = "notifications-read"
    case expenseAdded = "expense-added", expenseDeleted = "expense-deleted"
    case profileSaved = "profile-saved", privacySaved = "privacy-saved", passwordChanged = "password-changed", passwordReset = "password-reset", accountDeleted = "account-deleted"
    case appleLinked = "apple-linked", appleUnlinked = "apple-unlinked"
    case passkeyAdded = "passkey-added", passkeyRenamed = "passkey-renamed", passkeyRemoved = "passkey-removed"
    case blocked, unblocked
    case verificationMailed = "verification-mailed", verified, reported, decided, reviewed
    case meetupProposed = "meetup-proposed", meetupAgreed = "meetup-agreed"
    case problemReported = "problem-reported"
    case settingsSaved = "settings-saved", deviceForgotten = "device-forgotten"

    /// The cookie that carries a notice across a redirect to the one page that shows it: not the
    /// address, so a reload or a bookmark does not say "Done!" again.
    static let cookieName = "cm_notice"

    /// Sets the notice for the next page this browser opens (a minute at most).
    func carry(on response: Response, for req: Request) {
        response.cookies[Self.cookieName] = HTTPCookies.Value(
            string: rawValue, maxAge: 60, path: "/", isSecure: req.isHTTPS, isHTTPOnly: true, sameSite: .lax)
    }

    /// The notice this request carries, if any; `shown(on:for:)` then spends it.
    static func carried(by req: Request) -> Notice? {
        req.cookies[cookieName].flatMap { Notice(rawValue: $0.string) }
    }

    /// Spends the notice: the page that showed it tells the browser to forget it.
    static func shown(on response: Response, for req: Request) {
        guard req.cookies[cookieName] != nil else { return }
        response.cookies[cookieName] = HTTPCookies.Value(
            string: "", expires: Date(timeIntervalSince1970: 0), maxAge: 0, path: "/", isSecure: req.isHTTPS, isHTTPOnly: true, sameSite: .lax)
    }

    var text: Phrase {
        switch self {
        case .signedIn: "You are signed in."
        case .signedOut: "You are signed out."
        case .welcome: "Welcome to CampusMarket! Your account is ready."
        case .listingPublished: "Your listing is live."
        case .listingSaved: "Your changes are saved."
        case .listingDeleted: "The listing was deleted."
        case .listingArchived: "The listing was archived: orders or fees refer to it, so it is kept but no longer shown."
        case .featured: "Your listing is featured. You can cancel today for a full refund."
        case .featureCancelled: "The feature was cancelled and its fee refunded."
        case .purchased: "Done! The seller has been told. You will see their answer here."
        case .rented: "Booked! The owner has been told. You will see their answer here."
        case .offerSent: "Your trade offer was sent."
        case .orderUpdated: "The order was updated."
        case .offerUpdated: "The trade offer was updated."
        case .notificationsRead: "All notifications are marked read."
        case .expenseAdded: "The expense was added."
        case .expenseDeleted: "The expense was deleted."
        case .verificationMailed: "We mailed you a link. Open it within 24 hours to verify your campus address."
        case .verified: "Your campus address is verified. Welcome, verified student!"
        case .reported: "Thank you. A moderator will look at your report; you will hear when it is decided."
        case .decided: "Decided. Every open report on it is closed, and the people concerned were told."
        case .reviewed: "Thank you for your review."
        case .meetupProposed: "Meetup proposed. We told the other side; they accept it or propose another."
        case .meetupAgreed: "Meetup agreed. It is in the order's history, with a map link."
        case .settingsSaved: "Your notification settings are saved."
        case .deviceForgotten: "That phone no longer gets your notifications."
        case .problemReported: "The order is flagged with a problem. Tell the renter what is wrong here."
        case .blocked: "Blocked. They cannot message you, and their listings no longer appear in your feed."
        case .unblocked: "Unblocked. You can message each other again."
        case .profileSaved: "Your profile is saved."
        case .privacySaved: "Your privacy settings are saved. Others see you this way from now on."
        case .passwordChanged: "Your password is changed. Other devices were signed out."
        case .passwordReset: "Your new password is set and you are signed in. Every other device was signed out."
        case .accountDeleted: "Your account was deleted."
        case .appleLinked: "Your Apple ID is linked: you can sign in with Apple too."
        case .appleUnlinked: "Your Apple ID is unlinked. It no longer signs in to this account."
        case .passkeyAdded: "Your passkey is added. Next time, sign in with it: no password needed."
        case .passkeyRenamed: "The passkey was renamed."
        case .passkeyRemoved: "The passkey was removed. It no longer signs in to your account."
        }
    }
}
