import Foundation
import MarketClient
import MarketCore
import MarketTestSupport
import Testing

@Suite("SDK listing editor and my listings")
@MainActor
struct ListingEditorTests {
    @Test("a step cannot advance while invalid; the textbook step shows only for textbooks; nothing is sent before save")
    func steps() async {
        let editor = ListingEditorViewModel(client: unreachableSession().client)
        #expect(editor.steps == [.title, .categories, .details, .photos, .prices, .summary])
        #expect(editor.step == .title && editor.canAdvance == false)
        editor.next()
        #expect(editor.step == .title)
        #expect(editor.fieldErrors.keys.sorted() == ["title"])

        editor.title = "Linear Algebra, 5th edition"
        editor.next()
        #expect(editor.step == .categories)
        editor.next()
        #expect(editor.fieldErrors["categories"] != nil)
        editor.categories = [.textbooks]
        #expect(editor.steps.contains(.textbook))
        editor.next()
        #expect(editor.step == .details)
        editor.next()
        #expect(editor.fieldErrors.keys.sorted() == ["condition"])
        editor.condition = .good
        editor.next()
        #expect(editor.step == .textbook)
        editor.isbn = "123"
        editor.next()
        #expect(editor.fieldErrors["textbook.isbn"] != nil)
        editor.isbn = "0-306-40615-2"
        editor.next()
        editor.next()  // photos are optional
        #expect(editor.step == .prices)
        editor.next()
        #expect(editor.fieldErrors["offers"] != nil)
        editor.salePrice = "twelve"
        editor.next()
        #expect(editor.fieldErrors["salePriceCents"] == "must be an amount such as 12.50")
        editor.salePrice = "12.50"
        editor.next()
        #expect(editor.step == .summary && editor.isLastStep)

        // Back to an earlier step from the summary keeps everything typed.
        editor.go(to: .title)
        #expect(editor.step == .title && editor.title == "Linear Algebra, 5th edition")
        editor.go(to: .summary)
        #expect(editor.step == .title)  // forward only by next()
    }

    @Test("save creates the listing and uploads its photos; editing starts filled and replaces it")
    func saveAndEdit() async throws {
        try await withLiveMarket { market in
            let seller = try await market.person("Seller")
            let editor = ListingEditorViewModel(client: seller.client)
            editor.title = "Desk lamp"
            editor.categories = [.furniture]
            editor.condition = .likeNew
            editor.rentPrice = "1"
            editor.rentUnit = .day
            editor.addPhoto(Data(SampleImages.png), filename: "lamp.png", contentType: "image/png")
            editor.addPhoto(Data(SampleImages.text), filename: "notes.png", contentType: "image/png")

            // The second file is not an image: the listing exists, the good photo is on it,
            // and the refused one waits on the photos step with the server's reason.
            #expect(await editor.save() == false)
            let created = try #require(editor.saved)
            #expect(editor.step == .photos)
            #expect(editor.photos.count == 1)
            #expect(editor.newPhotos.map(\.filename) == ["notes.png"])
            #expect(editor.errorMessage?.isEmpty == false)
            editor.removeNewPhoto(at: 0)
            #expect(await editor.save())  // saving again replaces the listing made, not a second one
            #expect(editor.saved?.id == created.id && editor.isEditing)

            let stored: Listing = try await seller.client.send(ListingEndpoint.show(created.id))
            #expect(stored.rentPriceCents == 100 && stored.rentUnit == .day && stored.photos.count == 1)

            let edit = ListingEditorViewModel(client: seller.client, editing: stored)
            #expect(edit.isEditing)
            #expect(edit.title == "Desk lamp" && edit.categories == [.furniture] && edit.condition == .likeNew)
            #expect(edit.rentPrice == "1.00" && edit.photos.count == 1)
            edit.title = "Desk lamp (LED)"
            edit.salePrice = "9"
            #expect(await edit.save())
            #expect(edit.saved?.id == created.id)
            #expect(edit.saved?.title == "Desk lamp (LED)")
            #expect(edit.saved?.salePriceCents == 900)

            // An invalid save sends nothing and goes to the first step with a problem.
            edit.title = "x"
            edit.go(to: .title)
            edit.next()
            let requestsBefore = market.requests.all.count
            #expect(await edit.save() == false)
            #expect(market.requests.all.count == requestsBefore)
            #expect(edit.step == .title)
        }
    }

    @Test("my listings: by status, delete archives what an order refers to, feature")
    func myListings() async throws {
        try await withLiveMarket { market in
            let seller = try await market.person("Seller")
            let buyer = try await market.person("Buyer")
            let sold = try await market.listing("Sold desk", by: seller, sale: 1_000)
            let spare = try await market.listing("Spare chair", by: seller, sale: 500)
            let _: Order = try await buyer.client.send(OrderEndpoint.purchase(listing: sold.id, PurchaseRequest(fulfillment: "pickup")))

            let screen = MyListingsViewModel(client: seller.client, me: try #require(seller.user?.id))
            await screen.refresh()
            #expect(screen.listings.items.map(\.title) == ["Spare chair"])
            screen.status = .reserved  // a pending purchase holds it
            await screen.refresh()
            #expect(screen.listings.items.map(\.title) == ["Sold desk"])

            screen.status = .active
            await screen.refresh()
            let receipt = await screen.feature(spare)
            #expect(receipt?.listingId == spare.id)
            #expect(screen.listings.items.first?.isFeatured == true)
            await screen.delete(spare)
            #expect(screen.lastRemoval != nil)
            #expect(screen.listings.items.isEmpty)

            // Someone else's listing cannot be deleted: the server's 403/404 as a message.
            let other = MyListingsViewModel(client: buyer.client, me: try #require(buyer.user?.id))
            await other.delete(sold)
            #expect(other.errorMessage?.isEmpty == false)
        }
    }
}
