import Foundation
import MarketCore

/// `MEETUP_SPOTS_FILE`: the safe hand-over spots the operator lists, as JSON —
/// `[{"name": "Library steps", "description": "Lit, with a camera", "latitude": 42.2756,
/// "longitude": -83.7375, "campus": "umich.edu"}]` (`campus` and `id` optional). Checked at
/// start-up: a wrong entry is one sentence naming it.
enum MeetupSpotFile {
    private struct Entry: Decodable {
        var id: String?
        var name: String?
        var description: String?
        var latitude: Double?
        var longitude: Double?
        var campus: String?
    }

    static func parse(_ data: Data, campuses: CampusDirectory, file: String) throws -> [MeetupSpot] {
        let entries: [Entry]
        do {
            entries = try JSONDecoder().decode([Entry].self, from: data)
        } catch {
            throw ConfigurationError("MEETUP_SPOTS_FILE \(file) must hold a JSON list of spots like [{\"name\": \"Library steps\", \"description\": \"…\", \"latitude\": 42.27, \"longitude\": -83.73}]")
        }
        var spots: [MeetupSpot] = []
        for (index, entry) in entries.enumerated() {
            func wrong(_ why: String) -> ConfigurationError {
                ConfigurationError("MEETUP_SPOTS_FILE's spot \(index + 1)\(entry.name.map { " (\($0))" } ?? "") \(why)")
            }
            let name = entry.name?.trimmingCharacters(in: .whitespaces) ?? ""
            guard (1...80).contains(name.count) else { throw wrong("needs a name of 1 to 80 characters") }
            let description = entry.description?.trimmingCharacters(in: .whitespaces) ?? ""
            guard description.count <= 300 else { throw wrong("has a description longer than 300 characters") }
            guard let latitude = entry.latitude, (-90...90).contains(latitude) else { throw wrong("needs a latitude between -90 and 90") }
            guard let longitude = entry.longitude, (-180...180).contains(longitude) else { throw wrong("needs a longitude between -180 and 180") }
            if let campus = entry.campus, campuses.isConfigured, campuses.campus(id: campus) == nil {
                throw wrong("names the campus '\(campus)', which CAMPUSES does not list")
            }
            let id = entry.id ?? slug(name)
            guard !id.isEmpty, !spots.contains(where: { $0.id == id }) else { throw wrong("has the same id as another spot ('\(id)'): give it an \"id\"") }
            spots.append(MeetupSpot(id: id, name: name, description: description, latitude: latitude, longitude: longitude, campus: entry.campus))
        }
        return spots
    }

    /// "Library steps (North)" → `library-steps-north`.
    static func slug(_ name: String) -> String {
        let words = name.lowercased().split { !($0.isLetter || $0.isNumber) || !$0.isASCII }
        return words.joined(separator: "-")
    }
}
