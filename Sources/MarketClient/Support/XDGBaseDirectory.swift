import Foundation

/// A base directory of the XDG spec, where `market` and the SDK keep files on Linux.
enum XDGBaseDirectory {
    /// `$variable` when it is set and not empty, else `relative` under the home directory —
    /// `$HOME` before the password database's: a shell (or a test) that sets HOME means it.
    static func url(_ variable: String, default relative: String) -> URL {
        let environment = ProcessInfo.processInfo.environment
        if let set = environment[variable], !set.isEmpty { return URL(fileURLWithPath: set) }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(relative)
    }
}
