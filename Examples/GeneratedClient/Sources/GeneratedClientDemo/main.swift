// Register, list, search and buy on a CampusMarket server with nothing but the client that
// swift-openapi-generator makes from openapi.yaml. Usage: GeneratedClientDemo http://127.0.0.1:8080
import Foundation
import HTTPTypes
import OpenAPIRuntime
import OpenAPIURLSession

/// Sends `Authorization: Bearer <token>`, the API's sign-in scheme.
struct BearerToken: ClientMiddleware {
    let token: String

    func intercept(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
                   next: (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.authorization] = "Bearer \(token)"
        return try await next(request, body, baseURL)
    }
}

struct Failure: Error, CustomStringConvertible {
    let description: String
}

func client(_ server: URL, token: String? = nil) -> Client {
    Client(serverURL: server, transport: URLSessionTransport(),
           middlewares: token.map { [BearerToken(token: $0)] } ?? [])
}

/// A new account's token.
func register(_ name: String, on server: URL) async throws -> String {
    let email = "\(name.lowercased())-\(UUID().uuidString.prefix(8).lowercased())@campus.edu"
    switch try await client(server).register(body: .json(.init(email: email, password: "correct horse battery", name: name))) {
    case .created(let created): return try created.body.json.token
    case let other: throw Failure(description: "register \(name): \(other)")
    }
}

guard CommandLine.arguments.count == 2, let server = URL(string: CommandLine.arguments[1]) else {
    print("usage: GeneratedClientDemo SERVER_URL")
    exit(64)
}

do {
    let word = "generated\(UUID().uuidString.prefix(6).lowercased())"
    let seller = try await register("Seller", on: server)
    let created = try await client(server, token: seller).createListing(body: .json(.init(
        title: "Desk lamp \(word)", categories: [.furniture], condition: .good, salePriceCents: 900)))
    guard case .created(let listing) = created else { throw Failure(description: "createListing: \(created)") }
    print("listed:", try listing.body.json.title)

    let buyer = try await register("Buyer", on: server)
    let search = try await client(server, token: buyer).searchListings(query: .init(q: word, limit: 5))
    guard case .ok(let page) = search, let found = try page.body.json.items.first else { throw Failure(description: "searchListings: \(search)") }
    print("found:", found.title, found.salePriceCents.map { "\($0) cents" } ?? "")

    let purchase = try await client(server, token: buyer).purchaseListing(path: .init(listingID: found.id), body: .json(.init(fulfillment: .pickup)))
    guard case .created(let order) = purchase else { throw Failure(description: "purchaseListing: \(purchase)") }
    let bought = try order.body.json
    print("bought: order \(bought.id), \(bought.status), total \(bought.totalCents) \(bought.currency)")

    // The same listing again: the API's 409, typed.
    guard case .conflict = try await client(server, token: buyer).purchaseListing(path: .init(listingID: found.id), body: .json(.init(fulfillment: .pickup))) else {
        throw Failure(description: "a second purchase must be refused with 409")
    }
    print("second purchase: 409, as documented")
} catch {
    print("error:", error)
    exit(1)
}
