import Fluent
import Foundation
import SQLKit

/// What is known of a stored photo beyond its bytes (`photo_files`): its size upright, its
/// average colour, and the widths of the smaller copies made of it.
struct PhotoFile: Sendable, Equatable {
    var width: Int
    var height: Int
    var colour: String
    var variantWidths: [Int]

    /// `variant_widths` as stored: "320,640,1080", empty for none.
    var storedWidths: String { variantWidths.map(String.init).joined(separator: ",") }

    static func widths(_ stored: String) -> [Int] { stored.split(separator: ",").compactMap { Int($0) } }
}

extension PhotoFile {
    /// What a row holding `photo_files`' columns records; nil when it holds none (a photo that a
    /// LEFT JOIN found no row for).
    init?(row: any SQLRow) throws {
        guard let width = try row.decode(column: "width", as: Int?.self) else { return nil }
        self.init(width: width, height: try row.decode(column: "height", as: Int.self), colour: try row.decode(column: "colour", as: String.self),
                  variantWidths: Self.widths(try row.decode(column: "variant_widths", as: String.self)))
    }
}

/// The rows of `photo_files`.
struct PhotoFiles {
    let database: any Database

    func file(_ name: String) async throws -> PhotoFile? {
        try await files([name])[name]
    }

    func files(_ names: [String]) async throws -> [String: PhotoFile] {
        guard !names.isEmpty else { return [:] }
        let rows = try await database.sql.raw("""
            SELECT file_name, width, height, colour, variant_widths FROM photo_files WHERE file_name IN (\(binds: names))
            """).all()
        var found: [String: PhotoFile] = [:]
        for row in rows {
            found[try row.decode(column: "file_name", as: String.self)] = try PhotoFile(row: row)
        }
        return found
    }

    /// Records a file; a row already there (the same bytes stored twice at once) is kept.
    func insert(_ file: PhotoFile, for name: String) async throws {
        try await database.sql.raw("""
            INSERT INTO photo_files (file_name, width, height, colour, variant_widths)
            VALUES (\(bind: name), \(bind: file.width), \(bind: file.height), \(bind: file.colour), \(bind: file.storedWidths))
            ON CONFLICT (file_name) DO NOTHING
            """).run()
    }

    func delete(_ name: String) async throws {
        try await database.sql.raw("DELETE FROM photo_files WHERE file_name = \(bind: name)").run()
    }
}
