import Fluent
import MarketCore
import SQLKit
import Vapor

/// `/api/v1/listings`: the feed and search, listing CRUD, photos and features.
struct ListingsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let listings = routes.grouped("listings")
        listings.grouped(ConditionalGet()).get(use: search)
        listings.post(use: create)
        let listing = listings.grouped(":listingID")
        listing.grouped(ConditionalGet()).get(use: show)
        listing.put(use: replace)
        listing.delete(use: remove)
        // Photos stream in as multipart; the limit leaves room for the form's own framing.
        let photoBody = PhotoStore.maxBytes + 64 * 1024
        listing.on(.POST, "photos", body: .collect(maxSize: ByteCount(value: photoBody)), use: addPhoto)
            .userInfo[IdempotencyMiddleware.maxBodySizeKey] = photoBody
        listing.put("photos", "order", use: reorderPhotos)
        listing.delete("photos", ":photoID", use: removePhoto)
        listing.post("feature", use: feature)
        listing.delete("feature", use: cancelFeature)
    }

    func search(req: Request) async throws -> Response {
        var reader = QueryReader(req)
        let query = try SearchCriteria(reading: &reader)
        let result = try await req.domain.searchPage(query, viewer: req.auth.get(Session.self)?.user)
        return try ListingJSON.response(ListingPage(items: result.listings, nextCursor: result.next?.token))
    }

    func create(req: Request) async throws -> Response {
        let session = try req.requireSession()
        let listing = try await req.domain.listings.create(try req.jsonBody(ListingInput.self), by: session.user)
        let body = try await req.domain.listingPresenter.presentDetail(listing, viewerSignedIn: true)
        return try await body.encodeResponse(status: .created, for: req)
    }

    func show(req: Request) async throws -> Response {
        let viewer = req.auth.get(Session.self)?.user
        let listing = try await req.domain.reading { services in
            let id = try await req.uuidParameter("listingID") { try await services.listings.visibleID(prefix: $0, to: viewer) }
            let listing = try await services.listings.visibleRow(id, to: viewer)
            return try await services.listingPresenter.presentDetail(listing, viewerSignedIn: viewer != nil, viewerID: viewer?.id)
        }
        return try ListingJSON.response(listing)
    }

    func replace(req: Request) async throws -> MarketCore.Listing {
        let session = try req.requireSession()
        let id = try req.uuidParameter("listingID")
        let listing = try await req.domain.listings.replace(id, with: try req.jsonBody(ListingInput.self), by: session.user,
                                                            ifVersion: IfMatch.version(of: req))
        return try await req.domain.listingPresenter.presentDetail(listing, viewerSignedIn: true)
    }

    func remove(req: Request) async throws -> ListingRemoval {
        let session = try req.requireSession()
        let outcome = try await req.domain.listings.remove(try req.uuidParameter("listingID"), by: session.user)
        switch outcome {
        case .deleted:
            return ListingRemoval(result: "deleted", message: "The listing was deleted.")
        case .archived:
            return ListingRemoval(result: "archived", message: "The listing was archived, not deleted, because transactions refer to it. It no longer appears in the feed.")
        }
    }

    struct PhotoUpload: Content {
        var photo: File
    }

    func addPhoto(req: Request) async throws -> Response {
        let session = try req.requireSession()
        guard req.headers.contentType?.type == "multipart", req.headers.contentType?.subType == "form-data" else {
            throw APIError.unsupportedMediaType("multipart/form-data, with the photo in the field 'photo'")
        }
        let upload: PhotoUpload
        do {
            upload = try req.content.decode(PhotoUpload.self)
        } catch {
            throw APIError.validation(["photo": "is required: a file in the form field 'photo'"])
        }
        let record = try await req.domain.listingPhotos.add(Array(buffer: upload.photo.data), to: try req.uuidParameter("listingID"), by: session.user)
        return try await req.domain.listingPhotos.present([record])[0].encodeResponse(status: .created, for: req)
    }

    func reorderPhotos(req: Request) async throws -> [ListingPhoto] {
        let session = try req.requireSession()
        let order = try req.jsonBody(PhotoOrder.self)
        let records = try await req.domain.listingPhotos.reorder(try req.uuidParameter("listingID"), to: order.photoIds, by: session.user)
        return try await req.domain.listingPhotos.present(records)
    }

    func removePhoto(req: Request) async throws -> HTTPStatus {
        let session = try req.requireSession()
        try await req.domain.listingPhotos.remove(try req.uuidParameter("photoID"), from: try req.uuidParameter("listingID"), by: session.user)
        return .noContent
    }

    func feature(req: Request) async throws -> Response {
        let session = try req.requireSession()
        let receipt = try await req.domain.features.feature(try req.uuidParameter("listingID"), by: session.user)
        return try await receipt.encodeResponse(status: .created, for: req)
    }

    func cancelFeature(req: Request) async throws -> FeatureRefund {
        let session = try req.requireSession()
        return try await req.domain.features.cancel(try req.uuidParameter("listingID"), by: session.user)
    }
}
