import Foundation
import Vapor

/// `campusmarket restore PATH`: fills an empty database (a new `DATA_DIR`, or an empty
/// PostgreSQL database) and the photo store from a backup; refuses a database that holds data.
struct RestoreCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Argument(name: "path", help: "A directory `campusmarket backup` wrote.")
        var path: String
        init() {}
    }

    var help: String { "Restores a backup into an empty database and the photo store; refuses one that holds data." }

    func run(using context: CommandContext, signature: Signature) async throws {
        let manifest = try await Backup(app: context.application).restore(from: signature.path)
        context.console.output("Restored the backup of \(ISO8601DateFormatter().string(from: manifest.createdAt)) (\(manifest.photos) photo(s)). Start the server: it applies any newer migrations.".consoleText())
    }
}
