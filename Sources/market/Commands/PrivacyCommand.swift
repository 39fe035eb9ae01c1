import ArgumentParser
import Foundation
import MarketClient
import MarketCore

struct PrivacyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "privacy",
        abstract: "Who sees your contact, whether your profile and listings show outside your campus, how your name reads.",
        discussion: """
            market privacy shows them; market privacy contact campus changes one:
              contact nobody|campus|signedIn   who sees your contact details (nobody: messages only)
              outside on|off                   your profile and listings shown outside your campus
              name full|initial                your name as others read it ("Ann Lee" or "Ann L.")
            """)

    @Argument(help: "A setting and its new value; nothing to show them.") var change: [String] = []
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            try context.requireSignIn()
            var me = try await context.me()
            if !change.isEmpty {
                me = try await context.client.send(ProfileEndpoint.update(UpdateProfileRequest(privacy: try Self.update(change))))
            }
            let privacy = me.privacy
            context.output.show(privacy) {
                context.output.tell("Contact details: \(Self.describe(privacy.contactAudience))")
                let shown: Phrase = privacy.shownOutsideCampus ? "everyone, on every campus" : "verified students of your campus only"
                context.output.tell("Profile and listings: \(shown)")
                context.output.tell("Your name to others: \(PrivacySettings.publicName(me.name, style: privacy.nameStyle))")
            }
        }
    }

    static func describe(_ audience: PrivacySettings.ContactAudience) -> Phrase {
        switch audience {
        case .nobody, .unknown: "nobody (buyers message you)"
        case .campus: "verified students of your campus"
        case .signedIn: "anyone signed in"
        }
    }

    /// The one change typed, or a sentence naming what is wrong with it.
    static func update(_ words: [String]) throws -> PrivacyUpdate {
        let usage: Phrase = "Write a setting and a value: market privacy contact nobody|campus|signedIn, market privacy outside on|off, or market privacy name full|initial"
        guard words.count == 2 else { throw CommandFailure(usage) }
        switch (words[0], words[1]) {
        case ("contact", let value):
            guard let audience = PrivacySettings.ContactAudience(known: value) else { throw CommandFailure(usage) }
            return PrivacyUpdate(contactAudience: audience)
        case ("outside", "on"): return PrivacyUpdate(shownOutsideCampus: true)
        case ("outside", "off"): return PrivacyUpdate(shownOutsideCampus: false)
        case ("name", "full"): return PrivacyUpdate(nameStyle: .full)
        case ("name", "initial"): return PrivacyUpdate(nameStyle: .firstAndInitial)
        default: throw CommandFailure(usage)
        }
    }
}
