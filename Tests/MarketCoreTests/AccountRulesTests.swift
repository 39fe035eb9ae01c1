@testable import MarketCore
import Testing

@Suite("Account rules")
struct AccountRulesTests {
    @Test("emails are trimmed and lower-cased before they are stored or compared")
    func normalizesEmail() {
        #expect(AccountRules.normalizeEmail("  Ada.Lovelace@Campus.EDU\n") == "ada.lovelace@campus.edu")
    }

    @Test("plausible emails pass", arguments: ["a@b.co", "first.last+tag@mail.campus.edu"])
    func acceptsEmail(_ email: String) {
        #expect(AccountRules.emailProblem(email) == nil)
    }

    @Test("implausible emails are named", arguments: ["", "plain", "a@b", "a@@b.co", "@b.co", "a b@c.de", "a@b..co", "a@.b.co"])
    func rejectsEmail(_ email: String) {
        #expect(AccountRules.emailProblem(email) != nil)
    }

    @Test("passwords need 8 characters and at most 72 bytes (bcrypt's limit)")
    func passwordLength() {
        #expect(AccountRules.passwordProblem("1234567") != nil)
        #expect(AccountRules.passwordProblem("12345678") == nil)
        #expect(AccountRules.passwordProblem(String(repeating: "a", count: 72)) == nil)
        #expect(AccountRules.passwordProblem(String(repeating: "é", count: 37)) != nil)  // 74 bytes
    }

    @Test("usernames: 3–30 of a–z, 0–9, '_' and '.', starting with a letter or digit", arguments: [
        ("ada", true), ("ada_l.99", true), ("ab", false), ("_ada", false), ("ada!", false),
        ("ädä", false), (String(repeating: "a", count: 31), false),
    ])
    func username(_ candidate: String, valid: Bool) {
        #expect((AccountRules.usernameProblem(candidate) == nil) == valid)
    }

    @Test("contact phone numbers need 7–15 digits and only phone punctuation")
    func phone() {
        #expect(ContactMethod.valueProblem(kind: .phone, value: "+1 (206) 555-0100") == nil)
        #expect(ContactMethod.valueProblem(kind: .phone, value: "12345") != nil)
        #expect(ContactMethod.valueProblem(kind: .phone, value: "call me maybe") != nil)
    }

    @Test("a new password needs the current one")
    func passwordChangeNeedsCurrent() {
        guard case .failure(let errors) = UpdateProfileRequest(newPassword: "new password").validated() else {
            Issue.record("a new password without the current one was accepted")
            return
        }
        #expect(errors.fields["currentPassword"] != nil)
    }

    @Test("a new email needs the current password, and must be an email")
    func emailChangeNeedsCurrent() {
        guard case .failure(let errors) = UpdateProfileRequest(email: "not-an-email").validated() else {
            Issue.record("an email change without the password was accepted")
            return
        }
        #expect(errors.fields["currentPassword"] == "is required to change the email")
        #expect(errors.fields["email"] != nil)
        guard case .success(let changes) = UpdateProfileRequest(email: " New@Campus.EDU ", currentPassword: "secret words").validated() else {
            Issue.record("a valid email change was refused")
            return
        }
        #expect(changes.email == "new@campus.edu")
        #expect(changes.isSensitive)
    }
}
