import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

@Suite("Listings: create, read, replace, delete")
struct ListingCRUDTests {
    @Test("creating a listing returns 201 with its seller, campus and normalized textbook fields")
    func creates() async throws {
        try await withTestApp { app in
            let seller = try await app.register(email: "sam@uw.edu", name: "Sam")

            let listing = try await app.createListing(.sample("Calculus", categories: ["textbooks", "notes"], salePriceCents: 4_500,
                                                              textbook: TextbookDetails(author: " Stewart ", edition: "8th", isbn: "0-306-40615-2", courseCode: "math124")),
                                                      token: seller.token)

            #expect(listing.status == .active)
            #expect(listing.categories == [.textbooks, .notes])
            #expect(listing.seller.id == seller.user.id)
            #expect(listing.campus == "uw.edu")
            #expect(listing.currency == "USD")
            #expect(listing.textbook == TextbookDetails(author: "Stewart", edition: "8th", isbn: "9780306406157", courseCode: "MATH 124"))
            let read = try await app.send(.GET, "/api/v1/listings/\(listing.id)").decode(MarketCore.Listing.self)
            #expect(read.id == listing.id)
            #expect(read.seller.activeListingsCount == 1)
        }
    }

    @Test("creating needs a signed-in user")
    func createNeedsAuth() async throws {
        try await withTestApp { app in
            let response = try await app.send(.POST, "/api/v1/listings", json: ListingInput.sample())

            #expect(response.status == .unauthorized)
        }
    }

    @Test("each invalid field is a 422 naming it, and nothing is stored", arguments: [
        (ListingInput.sample("ab"), "title"),
        (ListingInput.sample(String(repeating: "x", count: 101)), "title"),
        (ListingInput.sample(description: String(repeating: "x", count: 5_001)), "description"),
        (ListingInput.sample(categories: []), "categories"),
        (ListingInput.sample(categories: ["spaceships"]), "categories.0"),
        (ListingInput.sample(condition: "mint"), "condition"),
        (ListingInput.sample(salePriceCents: 0), "salePriceCents"),
        (ListingInput.sample(salePriceCents: -5), "salePriceCents"),
        (ListingInput.sample(salePriceCents: nil, rentPriceCents: 300), "rentUnit"),
        (ListingInput.sample(salePriceCents: nil, rentUnit: "day"), "rentPriceCents"),
        (ListingInput.sample(salePriceCents: nil, rentPriceCents: 300, rentUnit: "week"), "rentUnit"),
        (ListingInput.sample(salePriceCents: nil), "offers"),
        (ListingInput.sample(textbook: TextbookDetails(author: "A")), "textbook"),
        (ListingInput.sample(categories: ["textbooks"], textbook: TextbookDetails(isbn: "978-0-306-40615-8")), "textbook.isbn"),
        (ListingInput.sample(categories: ["textbooks"], textbook: TextbookDetails(courseCode: "Calculus")), "textbook.courseCode"),
        ({ var input = ListingInput.sample(); input.language = "fr"; return input }(), "language"),
    ])
    func rejectsInvalid(input: ListingInput, field: String) async throws {
        try await withTestApp { app in
            let seller = try await app.register()

            let response = try await app.send(.POST, "/api/v1/listings", json: input, token: seller.token)

            #expect(response.status == .unprocessableEntity)
            #expect(try response.error.fields?[field] != nil, "fields: \(String(describing: try? response.error.fields))")
            #expect(try await ListingRecord.query(on: app.db).count() == 0)
        }
    }

    @Test("an unknown currency is 422; a listing may name its own valid currency")
    func currency() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            var euro = ListingInput.sample()
            euro.currency = "eur"
            var bogus = ListingInput.sample()
            bogus.currency = "XYZ1"

            let created = try await app.createListing(euro, token: seller.token)
            let rejected = try await app.send(.POST, "/api/v1/listings", json: bogus, token: seller.token)

            #expect(created.currency == "EUR")
            #expect(rejected.status == .unprocessableEntity)
            #expect(try rejected.error.fields?["currency"] != nil)
        }
    }

    @Test("the owner replaces a listing with PUT; another user gets 403 in words")
    func ownerOnlyReplace() async throws {
        try await withTestApp { app in
            let owner = try await app.register()
            let other = try await app.register()
            let listing = try await app.createListing(token: owner.token)

            let byOther = try await app.send(.PUT, "/api/v1/listings/\(listing.id)", json: ListingInput.sample("Stolen"), token: other.token)
            let byOwner = try await app.send(.PUT, "/api/v1/listings/\(listing.id)", json: ListingInput.sample("Brass desk lamp", salePriceCents: 2_000), token: owner.token)

            #expect(byOther.status == .forbidden)
            #expect(try byOther.error.message == "This listing belongs to another user.")
            #expect(byOwner.status == .ok)
            let updated = try byOwner.decode(MarketCore.Listing.self)
            #expect(updated.title == "Brass desk lamp")
            #expect(updated.salePriceCents == 2_000)
        }
    }

    @Test("only the owner deletes; a listing without transactions is deleted")
    func ownerOnlyDelete() async throws {
        try await withTestApp { app in
            let owner = try await app.register()
            let other = try await app.register()
            let listing = try await app.createListing(token: owner.token)

            let byOther = try await app.send(.DELETE, "/api/v1/listings/\(listing.id)", token: other.token)
            let byOwner = try await app.send(.DELETE, "/api/v1/listings/\(listing.id)", token: owner.token)

            #expect(byOther.status == .forbidden)
            #expect(byOwner.status == .ok)
            #expect(try byOwner.decode(ListingRemoval.self).result == "deleted")
            #expect(try await app.send(.GET, "/api/v1/listings/\(listing.id)").status == .notFound)
        }
    }

    @Test("a listing with a transaction (a paid feature) is archived instead, and the answer says so")
    func archivesInsteadOfDeleting() async throws {
        try await withTestApp { app in
            let owner = try await app.register()
            let listing = try await app.createListing(token: owner.token)
            #expect(try await app.send(.POST, "/api/v1/listings/\(listing.id)/feature", token: owner.token).status == .created)

            let response = try await app.send(.DELETE, "/api/v1/listings/\(listing.id)", token: owner.token)

            #expect(response.status == .ok)
            let removal = try response.decode(ListingRemoval.self)
            #expect(removal.result == "archived")
            #expect(removal.message.contains("archived"))
            // Archived, it is its seller's alone (`ListingVisibility`).
            #expect(try await app.send(.GET, "/api/v1/listings/\(listing.id)").status == .notFound)
            let read = try await app.send(.GET, "/api/v1/listings/\(listing.id)", token: owner.token).decode(MarketCore.Listing.self)
            #expect(read.status == .archived)
            #expect(read.isFeatured == false)
            #expect(try await app.titles("").isEmpty)
        }
    }

    @Test("unknown and malformed listing ids are 404, never 500")
    func unknownIDs() async throws {
        try await withTestApp { app in
            let unknown = try await app.send(.GET, "/api/v1/listings/\(UUID())")
            let malformed = try await app.send(.GET, "/api/v1/listings/not-a-uuid")

            #expect(unknown.status == .notFound)
            #expect(malformed.status == .notFound)
        }
    }

    @Test("the seller's contact shows only to signed-in viewers; the public profile has counts")
    func sellerProfile() async throws {
        try await withTestApp { app in
            let seller = try await app.register(name: "Sam")
            try await app.send(.PATCH, "/api/v1/me", json: UpdateProfileRequest(contact: ContactMethod(kind: .phone, value: "+1 206 555 0100"),
                                                                                       privacy: PrivacyUpdate(contactAudience: .signedIn)), token: seller.token)
            let listing = try await app.createListing(token: seller.token)
            try await app.createListing(token: seller.token)
            let viewer = try await app.register()

            let anonymous = try await app.send(.GET, "/api/v1/listings/\(listing.id)").decode(MarketCore.Listing.self)
            let signedIn = try await app.send(.GET, "/api/v1/listings/\(listing.id)", token: viewer.token).decode(MarketCore.Listing.self)
            let profile = try await app.send(.GET, "/api/v1/users/\(seller.user.id)").decode(SellerSummary.self)

            #expect(anonymous.seller.contact == nil)
            #expect(signedIn.seller.contact?.value == "+1 206 555 0100")
            #expect(anonymous.seller.memberSince != nil)
            #expect(profile.activeListingsCount == 2)
            #expect(profile.name == "Sam")
        }
    }

    @Test("a listing without a description says so under its heading, not an empty section")
    func emptyDescription() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            let bare = try await app.createListing(.sample("Plain chair", description: ""), token: seller.token)
            let page = try await app.visit("/listings/\(bare.id.uuidString.lowercased())")
            #expect(page.text.contains("The seller wrote no description."))
            let described = try await app.createListing(.sample("Chair", description: "Sturdy"), token: seller.token)
            #expect(!(try await app.visit("/listings/\(described.id.uuidString.lowercased())").text.contains("The seller wrote no description.")))
        }
    }
}
