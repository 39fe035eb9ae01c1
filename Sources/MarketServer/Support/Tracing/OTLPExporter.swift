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

/// The OTLP/JSON form of spans (the protobuf messages' JSON mapping: ids in hex, times as
/// decimal strings of nanoseconds, enums as numbers).
enum OTLPJSON {
    static func body(_ spans: [OTLPSpan.Record], serviceName: String) -> Data {
        let document: [String: Any] = ["resourceSpans": [[
            "resource": ["attributes": [attribute("service.name", .string(serviceName))]],
            "scopeSpans": [["scope": ["name": "campusmarket"], "spans": spans.map(span)]],
        ]]]
        return (try? JSONSerialization.data(withJSONObject: document)) ?? Data()
    }

    private static func span(_ record: OTLPSpan.Record) -> [String: Any] {
        var span: [String: Any] = [
            "traceId": record.traceID, "spanId": record.spanID, "name": record.name, "kind": kind(record.kind),
            "startTimeUnixNano": String(record.start), "endTimeUnixNano": String(record.end),
            "attributes": attributes(record.attributes),
        ]
        if let parent = record.parentSpanID { span["parentSpanId"] = parent }
        if let status = record.status {
            var body: [String: Any] = ["code": status.code == .ok ? 1 : 2]
            if let message = status.message { body["message"] = message }
            span["status"] = body
        }
        if !record.events.isEmpty {
            span["events"] = record.events.map { event in
                ["name": event.name, "timeUnixNano": String(event.nanosecondsSinceEpoch), "attributes": attributes(event.attributes)] as [String: Any]
            }
        }
        return span
    }

    private static func kind(_ kind: SpanKind) -> Int {
        switch kind {
        case .internal: 1
        case .server: 2
        case .client: 3
        case .producer: 4
        case .consumer: 5
        }
    }

    private static func attributes(_ attributes: SpanAttributes) -> [[String: Any]] {
        var list: [[String: Any]] = []
        attributes.forEach { name, value in list.append(attribute(name, value)) }
        return list
    }

    private static func attribute(_ name: String, _ value: SpanAttribute) -> [String: Any] {
        let encoded: [String: Any] = switch value {
        case .int32(let number): ["intValue": String(number)]
        case .int64(let number): ["intValue": String(number)]
        case .double(let number): ["doubleValue": number]
        case .bool(let flag): ["boolValue": flag]
        case .string(let text): ["stringValue": text]
        case .stringConvertible(let text): ["stringValue": text.description]
        default: ["stringValue": String(describing: value)]
        }
        return ["key": name, "value": encoded]
    }
}
