import Fluent
import Vapor

extension Request {
    var listings: ListingService {
        ListingService(database: db, settings: application.settings, now: now)
    }

    var listingPresenter: ListingPresenter {
        ListingPresenter(database: db, now: now)
    }

    var photoStore: PhotoStore {
        PhotoStore(directory: application.settings.dataDirectory + "/photos")
    }

    var listingPhotos: ListingPhotoService {
        ListingPhotoService(database: db, listings: listings, store: photoStore, now: now)
    }

    var features: FeatureService {
        FeatureService(database: db, settings: application.settings, listings: listings, now: now)
    }

    /// A UUID path parameter; anything else is a 404 (no such resource), never a 500.
    func uuidParameter(_ name: String) throws -> UUID {
        guard let value = parameters.get(name), let id = UUID(uuidString: value) else {
            throw APIError(.notFound, code: "not_found", message: "There is nothing at this address.")
        }
        return id
    }
}
