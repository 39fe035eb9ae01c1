import Foundation
import MarketCore
import Vapor

/// Every error that more than one place raises, each built by one named constructor, so a code
/// always comes with the same status and the same kind of sentence.
extension APIError {
    // MARK: Requests

    /// 422 naming every invalid field.
    static func validation(_ fields: FieldErrors) -> APIError {
        let names = fields.keys.sorted().joined(separator: ", ")
        return APIError(.unprocessableEntity, code: "validation_failed", message: "Some fields are invalid: \(names).", fields: fields)
    }

    /// 400: the body is not the JSON the endpoint reads; `field` names the culprit when known.
    static func malformedBody(_ message: Phrase, field: String? = nil, problem: Phrase? = nil) -> APIError {
        APIError(.badRequest, code: "malformed_body", message: message,
                 fields: field.map { [$0: problem ?? "has an unreadable value"] })
    }

    static func unsupportedMediaType(_ expected: String) -> APIError {
        APIError(.unsupportedMediaType, code: "unsupported_media_type", message: "Send the body as \(expected).")
    }

    /// 400: text with the NUL character, which no field takes (`NulCharacter`).
    static let nulCharacter = APIError.malformedBody("Text must not contain the NUL character (U+0000).")

    /// 503: no database connection came free in time (the pool's wait ran out under load).
    static let serverBusy = APIError(.serviceUnavailable, code: "server_busy",
                                     message: "The server is busy right now. Please try again in a few seconds.", retryAfter: 2)

    static let notFoundAtAddress = APIError(.notFound, code: "not_found", message: "There is nothing at this address.")

    static let unauthenticated = APIError(.unauthorized, code: "unauthenticated", message: "Sign in to do this: send a valid bearer token.")

    // MARK: Listings

    static let userNotFound = APIError(.notFound, code: "user_not_found", message: "There is no user with this id.")

    static let listingNotFound = APIError(.notFound, code: "listing_not_found", message: "There is no listing with this id.")
    /// An edit whose `If-Match` names a version the listing has left (`ListingService.replace`).
    static let listingChanged = APIError(.preconditionFailed, code: "listing_changed",
                                         message: "This listing changed since the copy this edit was made from: open it again, then make the edit.")

    /// `GET /me/changes` with a cursor older than the removals kept, or more changes at one time
    /// than a page holds: the app loads its screens again and starts from a fresh cursor.
    static let changesStartOver = APIError(.gone, code: "changes_start_over",
                                           message: "Too much time has passed to list what changed: load everything again, then ask from the new cursor.")

    static let photoStoreUnavailable = APIError(.serviceUnavailable, code: "photo_store_unavailable",
                                                message: "Photos cannot be stored or loaded right now. Please try again in a minute.", retryAfter: 30)

    static let photoNotFound = APIError(.notFound, code: "photo_not_found", message: "There is no photo with this id or at this address.")

    /// A Text Trader book: a listing in the textbooks category.
    static let bookNotFound = APIError(.notFound, code: "book_not_found", message: "There is no book with this id.")

    static let notListingOwner = APIError(.forbidden, code: "not_owner", message: "This listing belongs to another user.")

    /// 403: nobody trades with themselves. `action` completes "You cannot … your own listing."
    static func ownListing(_ action: String) -> APIError {
        APIError(.forbidden, code: "own_listing", message: "You cannot \(action) your own listing.")
    }

    /// 409: the listing (or one in a trade) is off the market for now.
    static func listingUnavailable(_ message: Phrase = "This listing is already reserved or sold.") -> APIError {
        APIError(.conflict, code: "listing_unavailable", message: message)
    }

    /// A listing taken off the market (hidden, removed, archived, suspended) is, to anyone asking
    /// to buy, rent, trade or message, not there at all: naming its state would tell a stranger it
    /// exists. One just sold says so: the students who lost the race need to hear why.
    static func listingUnavailable(status: String) -> APIError {
        guard ListingVisibility.isPublic(status) || status == ListingStatus.sold.rawValue else { return .listingNotFound }
        return listingUnavailable("This listing is \(status), so it is not available.")
    }

    // MARK: Orders and offers

    static let tooManyPhotos = APIError(.conflict, code: "too_many_photos",
                                        message: "A listing has at most \(ListingPhoto.maxPerListing) photos; delete one first.")

    static let orderNotFound = APIError(.notFound, code: "order_not_found", message: "There is no order of yours with this id.")

    /// The one id of `ids`, nil when there is none; 409 `ambiguous_id` when a short id names several.
    static func uniqueMatch(_ ids: [UUID], of prefix: IDPrefix, what: String) throws -> UUID? {
        guard ids.count <= 1 else {
            throw APIError(.conflict, code: "ambiguous_id",
                           message: "\(prefix.digits) is the beginning of more than one \(what)'s id; type more of it.")
        }
        return ids.first
    }

    /// 403: the other party's move.
    static func notYourStep(_ message: Phrase) -> APIError {
        APIError(.forbidden, code: "not_your_step", message: message)
    }

    /// 409: a rental period that another live rental holds.
    static func periodUnavailable(booked period: String?) -> APIError {
        let message: Phrase = period.map { "This listing is already booked \($0); choose a period that does not overlap it." }
            ?? "This period overlaps another rental."
        return APIError(.conflict, code: "period_unavailable", message: message,
                        fields: period.map { ["start": Phrase("overlaps a booking: %@", [.text($0)])] })
    }
}

extension APIError {
    // MARK: Accounts

    /// 429 with the wait in words and in `Retry-After`.
    static func tooManyAttempts(retryAfter seconds: TimeInterval, of what: String = "sign-in attempts") -> APIError {
        APIError(.tooManyRequests, code: "too_many_attempts", message: "Too many \(what). Try again in \(wait(seconds)).",
                 retryAfter: seconds)
    }

    /// A wait in words, rounded up to the minute: "1 minute", "15 minutes".
    static func wait(_ seconds: TimeInterval) -> String {
        let minutes = max(1, Int((seconds / 60).rounded(.up)))
        return minutes == 1 ? "1 minute" : "\(minutes) minutes"
    }

    /// 422: a reset link that is unknown, used or expired (the same words for each).
    static let signUpLinkInvalid = APIError(.unprocessableEntity, code: "signup_link_invalid",
                                            message: "This sign-up link has expired or was already used. Sign up again for a new one.",
                                            fields: ["token": "has expired or was already used"])

    static let resetLinkInvalid = APIError(.unprocessableEntity, code: "reset_link_invalid",
                                           message: "This password reset link has expired or was already used. Ask for a new one.",
                                           fields: ["token": "has expired or was already used"])

    /// A web form posted without this visitor's CSRF token (forged, or from a stale page).
    static let csrfRejected = APIError(.forbidden, code: "csrf_rejected",
                                       message: "This form did not come from your current CampusMarket page. Go back, reload the page and try again.")

    static let invalidCredentials = APIError(.unauthorized, code: "invalid_credentials",
                                             message: "The email, username or password is incorrect.")

    /// 422: the current password, asked for before a sensitive change, is wrong.
    static func wrongPassword(field: String) -> APIError {
        APIError(.unprocessableEntity, code: "wrong_password", message: "The current password is incorrect.", fields: [field: "is incorrect"])
    }
}

extension APIError {
    /// 401 for a sensitive step on an account with no password: sign in again first.
    static let reauthenticationRequired = APIError(.unauthorized, code: "reauthentication_required",
                                                   message: "Sign in again to confirm it is you, then try within 10 minutes.")
}

extension APIError {
    // MARK: Sign in with Apple

    /// 401: the identity token's signature, issuer, audience or expiry did not check out.
    static let appleTokenInvalid = APIError(.unauthorized, code: "apple_token_invalid",
                                            message: "Apple could not confirm this sign-in. Try signing in with Apple again.")

    /// 401: the token carries no nonce this server issued, or one already used or expired.
    static let appleNonceInvalid = APIError(.unauthorized, code: "apple_nonce_invalid",
                                            message: "This Apple sign-in was already used or has expired. Start again: ask for a new nonce.")

    /// 409: an account already uses the Apple ID's email; it is not merged on its own.
    static let appleEmailInUse = APIError(.conflict, code: "apple_email_in_use",
                                          message: "An account already uses this email. Sign in with its password, then link Apple from your profile.")

    /// 503: Apple's keys could not be fetched.
    static let appleUnavailable = APIError(.serviceUnavailable, code: "apple_unavailable",
                                           message: "Apple's sign-in service could not be reached. Try again in a minute.")
}

extension APIError {
    // MARK: Passkeys

    /// 409: removing this would leave the account with no way to sign in.
    static func lastSignInMethod(_ message: Phrase) -> APIError {
        APIError(.conflict, code: "last_sign_in_method", message: message)
    }

    static let passkeyNotFound = APIError(.notFound, code: "passkey_not_found", message: "There is no passkey of yours with this id.")

    /// The challenge in the client data is not one this server issued for this ceremony, or it
    /// was used or has expired (5 minutes).
    static func passkeyChallengeInvalid(status: HTTPResponseStatus) -> APIError {
        APIError(status, code: "passkey_challenge_invalid",
                 message: "This passkey request was already used or has expired. Start again: ask for new options.")
    }

    /// 422: a registration that did not verify.
    static func passkeyInvalid(_ reason: WebAuthnError) -> APIError {
        APIError(.unprocessableEntity, code: "passkey_invalid", message: "This passkey could not be added: \(reason.description).")
    }

    /// 401: a sign-in assertion that did not verify.
    static func passkeyRejected(_ reason: String) -> APIError {
        APIError(.unauthorized, code: "passkey_rejected", message: "This passkey could not sign you in: \(reason).")
    }
}

extension APIError {
    // MARK: Messages

    /// 404 for a conversation that does not exist and for one the caller is not in alike.
    static let conversationNotFound = APIError(.notFound, code: "conversation_not_found",
                                               message: "There is no conversation of yours with this id.")

    /// 403: one of the two has blocked the other. The same words whoever blocked whom.
    static let messagingBlocked = APIError(.forbidden, code: "messaging_blocked",
                                           message: "You cannot message this person.")

    /// 409: a `clientId` this sender already used for a different message.
    static let clientIdReused = APIError(.conflict, code: "client_id_reused",
                                         message: "This clientId was already used for a different message; choose a new one for a new message.",
                                         fields: ["clientId": "was already used for a different message"])
}
