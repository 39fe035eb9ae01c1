import Foundation
import MarketCore
import Testing

/// An app picks the copy of a photo its slot needs (`ListingPhoto.url(forPoints:scale:)`).
@Suite("Photo copies for a screen")
struct ListingPhotoVariantTests {
    static let photo = ListingPhoto(
        id: UUID(), url: "/photos/o.jpg", contentType: "image/jpeg", width: 4032, height: 3024, placeholderColor: "#a08060",
        variants: [320, 640, 1080, 1600].map { PhotoVariant(width: $0, height: $0 * 3 / 4, url: "/photos/o-\($0).jpg") })

    @Test("the narrowest copy at least as wide as the slot's pixels; the original past the widest", arguments: [
        (96.0, 3.0, "/photos/o-320.jpg"),    // a thumbnail on an iPhone: 288 px
        (358.0, 3.0, "/photos/o-1080.jpg"),  // a full-width photo on a 390 pt iPhone: 1074 px
        (358.0, 2.0, "/photos/o-1080.jpg"),  // 716 px
        (300.0, 2.0, "/photos/o-640.jpg"),   // 600 px
        (700.0, 2.0, "/photos/o-1600.jpg"),  // 1400 px
        (1000.0, 2.0, "/photos/o.jpg"),      // 2000 px: wider than every copy
    ])
    func picks(points: Double, scale: Double, expected: String) {
        #expect(Self.photo.url(forPoints: points, scale: scale) == expected)
    }

    @Test("a photo without copies (stored before them, or WebP) always answers the original")
    func noCopies() {
        let old = ListingPhoto(id: UUID(), url: "/photos/p.webp", contentType: "image/webp")
        #expect(old.url(forPoints: 96, scale: 3) == "/photos/p.webp")
    }

    @Test("a server from before copies sends no sizes: the photo still decodes, with none")
    func decodesOldServers() throws {
        let json = #"{"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","url":"/photos/p.jpg","contentType":"image/jpeg"}"#
        let photo = try JSONDecoder().decode(ListingPhoto.self, from: Data(json.utf8))
        #expect(photo.variants.isEmpty && photo.width == nil && photo.placeholderColor == nil)
        let round = try JSONDecoder().decode(ListingPhoto.self, from: JSONEncoder().encode(Self.photo))
        #expect(round == Self.photo)
    }
}
