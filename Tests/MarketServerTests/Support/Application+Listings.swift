import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor
import VaporTesting

extension ListingInput {
    /// A valid listing for sale; tests change what they are about.
    static func sample(_ title: String = "Desk lamp", description: String = "Works well", categories: [String] = ["furniture"],
                       condition: String = "good", salePriceCents: Int? = 1_500, rentPriceCents: Int? = nil,
                       rentUnit: String? = nil, openToTrade: Bool? = nil, textbook: TextbookDetails? = nil) -> ListingInput {
        ListingInput(title: title, description: description, categories: categories, condition: condition,
                     salePriceCents: salePriceCents, rentPriceCents: rentPriceCents, rentUnit: rentUnit,
                     openToTrade: openToTrade, textbook: textbook)
    }
}

extension Application {
    @discardableResult
    func createListing(_ input: ListingInput = .sample(), token: String) async throws -> MarketCore.Listing {
        let response = try await send(.POST, "/api/v1/listings", json: input, token: token)
        #expect(response.status == .created, "create failed: \(response.text)")
        return try response.decode(MarketCore.Listing.self)
    }

    /// `GET /api/v1/listings` with the given query string; fails the test on a non-200.
    func searchListings(_ query: String, token: String? = nil) async throws -> ListingPage {
        let response = try await send(.GET, "/api/v1/listings?\(query)", token: token)
        #expect(response.status == .ok, "search failed: \(response.text)")
        return try response.decode(ListingPage.self)
    }

    func titles(_ query: String) async throws -> [String] {
        try await searchListings(query).items.map(\.title)
    }

    /// Uploads `bytes` as the multipart field `photo` with the given file name.
    func uploadPhoto(_ bytes: [UInt8], named fileName: String, declaredType: String = "image/jpeg",
                     to listingID: UUID, token: String) async throws -> TestResponse {
        let boundary = "----campusmarket-test-boundary"
        var body = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"\(fileName)\"\r\nContent-Type: \(declaredType)\r\n\r\n".utf8)
        body.append(contentsOf: bytes)
        body.append(Data("\r\n--\(boundary)--\r\n".utf8))
        var headers = HTTPHeaders()
        headers.replaceOrAdd(name: .contentType, value: "multipart/form-data; boundary=\(boundary)")
        headers.bearerAuthorization = .init(token: token)
        let request = TestingHTTPRequest(method: .POST, url: URI(path: "/api/v1/listings/\(listingID)/photos"),
                                         headers: headers, body: ByteBuffer(data: body))
        let response = try await testing().performTest(request: request)
        return TestResponse(status: response.status, headers: response.headers, body: response.body)
    }
}

extension Application {
    /// Runs `campusmarket seed` inside this application.
    func seed(listings: Int, users: Int, seed: Int = 1, photos: Int = 0) async throws {
        let input = CommandInput(arguments: ["campusmarket", "seed", "--listings", "\(listings)", "--users", "\(users)", "--seed", "\(seed)",
                                             "--photos", "\(photos)"])
        var context = CommandContext(console: console, input: input)
        context.application = self
        try await console.run(asyncCommands.group(), with: context)
    }
}
