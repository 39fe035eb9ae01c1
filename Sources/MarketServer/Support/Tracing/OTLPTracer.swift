import Atomics
import Foundation
import Instrumentation
import NIOConcurrencyHelpers
import ServiceContextModule
import Tracing

/// OpenTelemetry tracing without an OpenTelemetry SDK: spans of requests (Vapor's
/// `TracingMiddleware`), Fluent's queries and our raw SQL statements (`TracedSQLDatabase`),
/// exported as OTLP/HTTP JSON by `OTLPExporter` when `OTEL_EXPORTER_OTLP_ENDPOINT` names a
/// collector. swift-otel does this too, but adds minutes to every build of the server; what a
/// span needs is small. Incoming `traceparent` headers (W3C Trace Context) continue a trace.
///
/// Bootstrapped once per process (swift-distributed-tracing allows one tracer); spans go to
/// whichever exporter is current, none while tracing is off.
final class OTLPTracer: Tracer, Sendable {
    static let shared = OTLPTracer()
    private static let bootstrapped = NIOLockedValueBox(false)

    /// Where ended spans go; nil records nothing.
    let exporter = NIOLockedValueBox<OTLPExporter?>(nil)
    /// Whether an exporter is set, read without a lock: every database call asks.
    private static let on = ManagedAtomic(false)

    /// Makes this the process's tracer (once) and sends spans to `exporter`.
    static func start(_ exporter: OTLPExporter) {
        shared.exporter.withLockedValue { current in
            current = exporter
            on.store(true, ordering: .releasing)
        }
        bootstrapped.withLockedValue { done in
            guard !done else { return }
            InstrumentationSystem.bootstrap(shared)
            done = true
        }
    }

    /// Stops sending spans to `exporter` (its application stopped), unless another took over.
    static func stop(_ exporter: OTLPExporter) {
        shared.exporter.withLockedValue { current in
            guard current === exporter else { return }
            current = nil
            on.store(false, ordering: .releasing)
        }
    }

    static var isOn: Bool { on.load(ordering: .acquiring) }

    func startSpan<Instant: TracerInstant>(_ operationName: String, context: @autoclosure () -> ServiceContext, ofKind kind: SpanKind,
                                           at instant: @autoclosure () -> Instant, function: String, file fileID: String, line: UInt) -> OTLPSpan {
        var context = context()
        let parent = context.spanIdentity
        let identity = SpanIdentity(traceID: parent?.traceID ?? SpanIdentity.randomTraceID(), spanID: SpanIdentity.randomSpanID())
        context.spanIdentity = identity
        return OTLPSpan(name: operationName, kind: kind, context: context, parentSpanID: parent?.spanID,
                        start: instant().nanosecondsSinceEpoch, exporter: exporter.withLockedValue { $0 })
    }

    func activeSpan(identifiedBy context: ServiceContext) -> OTLPSpan? { nil }

    func forceFlush() {}

    // W3C Trace Context: `traceparent: 00-<trace id>-<parent span id>-<flags>`.
    func extract<Carrier, Extract: Extractor>(_ carrier: Carrier, into context: inout ServiceContext, using extractor: Extract)
    where Extract.Carrier == Carrier {
        guard let header = extractor.extract(key: "traceparent", from: carrier) else { return }
        let parts = header.split(separator: "-")
        guard parts.count == 4, parts[0] == "00", parts[1].count == 32, parts[2].count == 16,
              parts[1].allSatisfy(\.isHexDigit), parts[2].allSatisfy(\.isHexDigit) else { return }
        context.spanIdentity = SpanIdentity(traceID: String(parts[1]).lowercased(), spanID: String(parts[2]).lowercased())
    }

    func inject<Carrier, Inject: Injector>(_ context: ServiceContext, into carrier: inout Carrier, using injector: Inject)
    where Inject.Carrier == Carrier {
        guard let identity = context.spanIdentity else { return }
        injector.inject("00-\(identity.traceID)-\(identity.spanID)-01", forKey: "traceparent", into: &carrier)
    }
}

/// A span's place in its trace, carried in the `ServiceContext` to its children.
struct SpanIdentity: Sendable, Equatable {
    var traceID: String  // 32 hex digits
    var spanID: String  // 16 hex digits

    static func randomTraceID() -> String { (0..<16).map { _ in UInt8.random(in: 0...255) }.hexString }
    static func randomSpanID() -> String { (0..<8).map { _ in UInt8.random(in: 0...255) }.hexString }
}

private enum SpanIdentityKey: ServiceContextKey { typealias Value = SpanIdentity }
/// The request id (`X-Request-ID`), set by `RequestLogMiddleware`, put on every span of the request.
enum RequestIDKey: ServiceContextKey { typealias Value = String }

extension ServiceContext {
    var spanIdentity: SpanIdentity? {
        get { self[SpanIdentityKey.self] }
        set { self[SpanIdentityKey.self] = newValue }
    }
}
