@preconcurrency import RoutingKit  // TrieRouter is not marked Sendable; ours is never mutated after init
import Vapor

/// Vapor answers 404 when a path exists but not for the request's method; HTTP says 405 with
/// an `Allow` header listing the methods that do exist. Built from the routes once, at boot.
/// Future-based: no task of its own per request (why: `SecurityHeadersMiddleware`).
struct MethodNotAllowedMiddleware: Middleware {
    private let allowed: TrieRouter<[String]>
    /// TrieRouter cannot hold the root path, so its methods are kept here.
    private let rootMethods: [String]?

    init(routes: Routes) {
        var methodsByPath: [String: (path: [PathComponent], methods: Set<String>)] = [:]
        for route in routes.all {
            let key = route.path.map(\.description).joined(separator: "/")
            methodsByPath[key, default: (route.path, [])].methods.insert(route.method.rawValue)
        }
        let router = TrieRouter([String].self, options: [.caseInsensitive])
        for (_, entry) in methodsByPath where !entry.path.isEmpty {
            router.register(entry.methods.sorted(), at: entry.path)
        }
        self.allowed = router
        self.rootMethods = methodsByPath[""]?.methods.sorted()
    }

    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        next.respond(to: request).flatMapErrorThrowing { error in
            guard let abort = error as? any AbortError, abort.status == .notFound, request.route == nil else { throw error }
            var parameters = Parameters()
            let path = request.path.split(separator: "/").map(String.init)
            guard let methods = path.isEmpty ? rootMethods : allowed.route(path: path, parameters: &parameters),
                  !methods.contains(request.method.rawValue) else { throw error }
            var notAllowed = APIError(.methodNotAllowed, code: "method_not_allowed",
                                      message: "\(request.method.rawValue) is not supported here; use \(methods.joined(separator: " or ")).")
            notAllowed.allowedMethods = methods
            throw notAllowed
        }
    }
}
