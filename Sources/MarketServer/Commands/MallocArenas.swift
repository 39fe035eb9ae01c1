import CMalloc
import Foundation
import NIOCore

/// glibc's `malloc` gives each new thread an arena of its own, up to eight a core, and memory
/// freed into one arena is not used by another's threads. The server's threads (event loops, the
/// thread pools, the cooperative pool, photo encoders) each build and free request and photo
/// buffers, so memory freed on one thread sat idle in its arena while another grew its own.
/// Limited to one arena a core (two at least), one instance on SQLite with 3,000 students at the
/// campus peak held 248 MB, against 290–301 MB (`bench/campus-peak.py`, 2026-12-07), and spent no
/// more CPU. An operator's own `MALLOC_ARENA_MAX` is kept.
enum MallocArenas {
    /// How many arenas a process of this machine keeps.
    static var limit: Int { max(2, System.coreCount) }

    /// Called first thing, before the process starts its threads.
    static func limitToCores() {
        #if os(Linux)
        guard ProcessInfo.processInfo.environment["MALLOC_ARENA_MAX"] == nil else { return }
        _ = mallopt(M_ARENA_MAX, Int32(limit))
        #endif
    }
}
