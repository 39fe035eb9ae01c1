import Vapor

/// The web app's front page. The full web app builds on this.
struct HomeController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(use: home)
    }

    struct HomeContext: Encodable {
        var title: String
    }

    func home(req: Request) async throws -> View {
        try await req.view.render("home", HomeContext(title: "CampusMarket"))
    }
}
