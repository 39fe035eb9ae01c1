import Foundation
import Vapor

/// `campusmarket backup PATH`: a consistent copy of the database (and local photos) while the
/// server keeps serving. Schedule it (docs/deployment.md) and copy PATH off the machine.
struct BackupCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Argument(name: "path", help: "A new (or empty) directory for the backup.")
        var path: String
        init() {}
    }

    var help: String { "Writes a consistent backup of the database and local photos into a new directory, while the server runs." }

    func run(using context: CommandContext, signature: Signature) async throws {
        let started = Date()
        let manifest = try await Backup(app: context.application).write(to: signature.path)
        context.console.output("Backed up the \(manifest.database) database and \(manifest.photos) photo(s) to \(signature.path) in \(String(format: "%.1f", Date().timeIntervalSince(started))) s.".consoleText())
    }
}
