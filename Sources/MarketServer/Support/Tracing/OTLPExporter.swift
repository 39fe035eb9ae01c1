import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import Tracing
import Vapor

/// Sends ended spans to an OpenTelemetry collector, OTLP over HTTP with JSON bodies
/// (`POST <endpoint>/v1/traces`), in batches: every `interval`, or sooner when `batchSize` wait.
/// A collector that is down costs dropped spans (counted in the log), never a request.
final class OTLPExporter: LifecycleHandler, Sendable {
    let url: String
    let serviceName: String
    private let http: HTTPClient
    private let interval: TimeInterval
    private let batchSize = 512
    /// Spans waiting; beyond `maxQueued` the oldest are dropped rather than memory grown.
    private let queue = NIOLockedValueBox<[OTLPSpan.Record]>([])
    private let maxQueued = 8_192
    private let loop = BackgroundLoop()
    private let logger: Logger

    init(endpoint: String, serviceName: String, http: HTTPClient, interval: TimeInterval = 1, logger: Logger) {
        self.url = endpoint.hasSuffix("/v1/traces") ? endpoint : (endpoint.hasSuffix("/") ? String(endpoint.dropLast()) : endpoint) + "/v1/traces"
        self.serviceName = serviceName
        self.http = http
        self.interval = interval
        self.logger = logger
    }

    func add(_ span: OTLPSpan.Record) {
        queue.withLockedValue { queue in
            queue.append(span)
            if queue.count > maxQueued { queue.removeFirst(queue.count - maxQueued) }
        }
    }

    func didBoot(_ app: Application) throws {
        loop.start { [self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(interval))
                await flush()
            }
        }
    }

    func shutdownAsync(_ app: Application) async {
        await loop.stop(waitingUpTo: BackgroundLoop.shutdownWait)
        await flush()
        OTLPTracer.stop(self)
    }

    /// Sends what waits, a batch at a time.
    func flush() async {
        while true {
            let batch = queue.withLockedValue { queue -> [OTLPSpan.Record] in
                let batch = Array(queue.prefix(batchSize))
                queue.removeFirst(batch.count)
                return batch
            }
            guard !batch.isEmpty else { return }
            var request = HTTPClientRequest(url: url)
            request.method = .POST
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(data: OTLPJSON.body(batch, serviceName: serviceName)))
            do {
                let response = try await http.execute(request, timeout: .seconds(10))
                _ = try? await response.body.collect(upTo: 64 * 1024)
                if response.status.code >= 300 { logger.warning("tracing: the collector at \(url) answered \(response.status.code); \(batch.count) spans dropped") }
            } catch {
                logger.warning("tracing: the collector at \(url) did not answer; \(batch.count) spans dropped")
                return
            }
        }
    }
}
