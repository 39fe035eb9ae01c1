#if os(Linux)
import CMalloc
import Foundation
import Glibc
@testable import MarketServer
import Testing

/// `MallocArenas`: the server's threads share one malloc arena a core, not one each.
@Suite("Malloc arenas")
struct MallocArenasTests {
    /// In a process of its own: the limit is the process's, and arenas once made stay.
    @Test("once limited, eight new threads that allocate add no arena past one a core")
    func newThreadsShareArenas() async throws {
        let child = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            MallocArenas.limitToCores()
            let before = MallocArenasTests.arenas()
            var threads: [pthread_t] = []
            for _ in 0..<8 {
                var thread = pthread_t()
                guard pthread_create(&thread, nil, { _ in
                    // Held across the others' first allocations, so none can take this one's arena when it is free.
                    let block = malloc(4096)
                    usleep(50_000)
                    free(block)
                    return nil
                }, nil) == 0 else { exit(EXIT_FAILURE) }
                threads.append(thread)
            }
            for thread in threads { pthread_join(thread, nil) }
            print(before, MallocArenasTests.arenas())
        }
        let output = String(decoding: try #require(child).standardOutputContent, as: UTF8.self)
        let counts = output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        try #require(counts.count == 2, "the child said \(output)")
        // Without the limit each thread took an arena of its own: eight more.
        #expect(counts[1] <= max(counts[0], MallocArenas.limit), "arenas: \(counts[0]) before the threads, \(counts[1]) after")
    }

    /// How many arenas malloc keeps: `malloc_info` writes a `<heap nr=…>` for each.
    static func arenas() -> Int {
        var buffer: UnsafeMutablePointer<CChar>?
        var size = 0
        guard let stream = open_memstream(&buffer, &size) else { return -1 }
        malloc_info(0, stream)
        fclose(stream)
        defer { free(buffer) }
        guard let buffer else { return -1 }
        return String(cString: buffer).components(separatedBy: "<heap nr=").count - 1
    }
}
#endif
