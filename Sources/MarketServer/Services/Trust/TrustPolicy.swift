import Fluent
import Foundation
import MarketCore

/// Who belongs to which campus, and whether they may trade yet: the one place every front end
/// asks. A person's campus comes from their verified campus address, else (unverified) from
/// their account's email; with `REQUIRE_VERIFIED` on, listing, buying, renting, offering and
/// messaging wait for a verified address.
struct TrustPolicy: Sendable {
    let campuses: CampusDirectory
    let requireVerified: Bool

    init(settings: AppSettings) {
        campuses = settings.campuses
        requireVerified = settings.requireVerified
    }

    func membership(of user: UserRecord) -> CampusMembership? {
        membership(email: user.email, campusEmail: user.campusEmail, campusVerifiedAt: user.campusVerifiedAt)
    }

    /// The same from the account's columns, read without a model (`SellerProfiles`).
    func membership(email: String, campusEmail: String?, campusVerifiedAt: Date?) -> CampusMembership? {
        if campusVerifiedAt != nil, let address = campusEmail, let campus = campuses.campus(forEmail: address) {
            return CampusMembership(id: campus.id, name: campus.name, verified: campuses.isConfigured)
        }
        return campuses.campus(forEmail: email).map { CampusMembership(id: $0.id, name: $0.name, verified: false) }
    }

    /// The zone a person reads and types times in on pages and in mails: their campus's, else
    /// the server's default (`TIME_ZONE`).
    func timeZone(of user: UserRecord?) -> TimeZone {
        guard let user, campuses.isConfigured else { return campuses.defaultTimeZone }
        return campuses.timeZone(ofCampus: membership(of: user)?.id)
    }

    /// The language a person's campus starts pages in (`| language:` of its entry), if any.
    func campusLanguage(of user: UserRecord?) -> String? {
        guard let user else { return campuses.defaultLanguage }
        return language(ofCampus: membership(of: user)?.id)
    }

    /// A campus's language, else the first campus's (the server's default), else none.
    func language(ofCampus id: String?) -> String? {
        guard campuses.isConfigured else { return campuses.defaultLanguage }
        return id.flatMap { campuses.campus(id: $0)?.language } ?? campuses.defaultLanguage
    }

    func isVerified(_ user: UserRecord) -> Bool { membership(of: user)?.verified == true }

    /// A verified student of `campus`.
    func isVerifiedMember(_ user: UserRecord, of campus: String?) -> Bool {
        guard let campus, let membership = membership(of: user) else { return false }
        return membership.verified && membership.id == campus
    }

    /// The campus a listing of this seller's is filed under.
    func campusID(of user: UserRecord) -> String? { membership(of: user)?.id }

    /// 403 `verification_required` when this account must verify before it lists, buys, rents, offers or messages.
    func requireVerified(_ user: UserRecord) throws {
        guard requireVerified, !isVerified(user) else { return }
        throw APIError.verificationRequired
    }

    /// The same, for a service that holds only the account's id.
    func requireVerified(_ userID: UUID, on database: any Database) async throws {
        guard requireVerified else { return }
        guard let user = try await UserRecord.find(userID, on: database) else { throw APIError.verificationRequired }
        try requireVerified(user)
    }

    /// The campus a feed or search keeps to: the one asked for (`all` for every campus), else
    /// the signed-in viewer's own when campuses are configured, else every campus.
    func campusFilter(asked: String?, viewer: UserRecord?) throws -> String? {
        switch asked {
        case nil:
            guard campuses.isConfigured, let viewer else { return nil }
            return membership(of: viewer)?.id
        case "all"?:
            return nil
        case let id?:
            guard campuses.campus(id: id) != nil else {
                throw APIError.validation(["campus": "must be all or a campus id: \(campuses.campuses.map(\.id).joined(separator: ", "))"])
            }
            return id
        }
    }

    func profile(of user: UserRecord) throws -> UserProfile {
        UserProfile(id: try user.requireID(), email: user.email, name: user.name, username: user.username,
                    contact: user.contact, privacy: user.privacy, campus: membership(of: user), createdAt: user.createdAt,
                    hasPassword: user.passwordHash != nil, appleLinked: user.appleSubject != nil,
                    roles: UserRole.allCases.filter(user.roles.contains),
                    verificationRequired: requireVerified && !isVerified(user))
    }
}
