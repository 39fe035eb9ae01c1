import Fluent
import Foundation
import MarketCore
import SQLKit

/// The language each person is written to in: the one they chose (`users.language`), else
/// their campus's (`| language:` of its entry), else English.
enum RecipientLanguages {
    static func of(_ people: Set<UUID>, trust: TrustPolicy, on database: any Database) async throws -> [UUID: Localizer] {
        guard !people.isEmpty else { return [:] }
        var languages: [UUID: Localizer] = [:]
        for row in try await database.sql.raw("""
            SELECT id, language, email, campus_email, campus_verified_at FROM users WHERE id IN \(SQLBind.group(Array(people)))
            """).all() {
            let id = try row.decode(column: "id", as: UUID.self)
            let chosen = try row.decode(column: "language", as: String?.self)
            let campus = trust.membership(email: try row.decode(column: "email", as: String.self),
                                          campusEmail: try row.decode(column: "campus_email", as: String?.self),
                                          campusVerifiedAt: try row.decode(column: "campus_verified_at", as: Date?.self))
            languages[id] = Localizer.chosen(from: [chosen, trust.language(ofCampus: campus?.id)])
        }
        return languages
    }

    /// One person's, from their account.
    static func of(_ user: UserRecord, trust: TrustPolicy) -> Localizer {
        Localizer.chosen(from: [user.language, trust.campusLanguage(of: user)])
    }
}
