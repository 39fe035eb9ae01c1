import ArgumentParser

@main
struct Market: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "CampusMarket from the command line.")
}
