import Fluent
import SQLKit

/// `photo_files`: what is known of each stored photo beyond its bytes — its size upright, its
/// average colour, and the widths of the smaller copies made of it (`PhotoVariants`), as
/// "320,640,1080" (empty: none, the original is served). Keyed by the file's name, since
/// identical uploads share a file; a photo stored before this table has no row until
/// `campusmarket photos backfill`. Pages show the sizes, so a write bumps the content version.
struct CreatePhotoFiles: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.sql.raw("""
            CREATE TABLE photo_files (
              file_name TEXT PRIMARY KEY,
              width INTEGER NOT NULL,
              height INTEGER NOT NULL,
              colour TEXT NOT NULL,
              variant_widths TEXT NOT NULL
            )
            """).run()
        try await CreateContentVersions.watch("photo_files", columns: nil, on: database)
    }

    func revert(on database: any Database) async throws {
        try await CreateContentVersions.unwatch("photo_files", on: database)
        try await database.sql.raw("DROP TABLE photo_files").run()
    }
}
