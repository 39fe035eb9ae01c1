import ArgumentParser

/// `market`: CampusMarket from a terminal, on the same SDK an iOS app uses.
@main
struct Market: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "market",
        abstract: "Buy, sell, rent and trade on your campus's CampusMarket from the command line.",
        discussion: """
            The server is --server, else MARKET_SERVER, else http://127.0.0.1:8080. \
            `market login` keeps the session in ~/.config/campusmarket/session.json (readable only by you). \
            Every command takes --json for scripts.
            """,
        subcommands: [
            SignUp.self, Login.self, Logout.self, WhoAmI.self,
            Search.self, Show.self, Sell.self, Edit.self, PhotoCommand.self, Delete.self,
            Buy.self, Rent.self, Offer.self, Orders.self, OrderStep.self, Spots.self, MeetupCommand.self, Activity.self,
            Favorites.self, SavedSearches.self, CourseCommand.self, Notifications.self, NotificationSettingsCommand.self, LedgerCommand.self, Expenses.self,
            Messages.self, Message.self, OutboxCommand.self, Sync.self, ReportCommand.self, ReviewCommand.self, VerifyCommand.self, PrivacyCommand.self, ExportCommand.self,
        ])
}
