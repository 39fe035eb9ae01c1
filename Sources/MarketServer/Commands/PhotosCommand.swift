import Vapor

/// `campusmarket photos backfill`: the operator's work on stored photos.
struct PhotosCommand: AsyncCommandGroup {
    var help: String { "Makes the smaller copies of photos stored before they were made on upload." }
    var commands: [String: any AnyAsyncCommand] { ["backfill": Backfill()] }
    var defaultCommand: (any AnyAsyncCommand)? { nil }

    struct Backfill: AsyncCommand {
        struct Signature: CommandSignature { init() {} }
        var help: String {
            "Makes the sizes a screen needs of every listing photo that has none yet; resumable, safe while the server runs."
        }

        func run(using context: CommandContext, signature: Signature) async throws {
            let app = context.application
            let backfill = PhotoBackfill(database: app.db, store: PhotoStore(storage: app.photoStorage))
            let outcome = try await backfill.run { name in context.console.output("made the sizes of \(name)".consoleText()) }
            for (name, reason) in outcome.failed.sorted(by: { $0.key < $1.key }) {
                context.console.output("✘ \(name): \(reason)".consoleText(color: .red))
            }
            context.console.output("Made the sizes of \(outcome.made) photo\(outcome.made == 1 ? "" : "s").".consoleText())
            if !outcome.failed.isEmpty {
                throw ConfigurationError("\(outcome.failed.count) photo\(outcome.failed.count == 1 ? "" : "s") could not be read; each is served as uploaded")
            }
        }
    }
}
