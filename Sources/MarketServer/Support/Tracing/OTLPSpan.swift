import Atomics
import Foundation
import Instrumentation
import NIOConcurrencyHelpers
import ServiceContextModule
import Tracing

/// One operation's span. Mutable until it ends; then handed to the exporter, once.
final class OTLPSpan: Span, Sendable {
    struct Record: Sendable {
        var name: String
        var kind: SpanKind
        var traceID: String
        var spanID: String
        var parentSpanID: String?
        var start: UInt64
        var end: UInt64 = 0
        var attributes: SpanAttributes = [:]
        var status: SpanStatus?
        var events: [SpanEvent] = []
    }

    let context: ServiceContext
    private let record: NIOLockedValueBox<Record>
    private let ended = NIOLockedValueBox(false)
    private let exporter: OTLPExporter?

    init(name: String, kind: SpanKind, context: ServiceContext, parentSpanID: String?, start: UInt64, exporter: OTLPExporter?) {
        self.context = context
        self.exporter = exporter
        var record = Record(name: name, kind: kind, traceID: context.spanIdentity?.traceID ?? "", spanID: context.spanIdentity?.spanID ?? "",
                            parentSpanID: parentSpanID, start: start)
        if let requestID = context[RequestIDKey.self] { record.attributes["request.id"] = requestID }
        self.record = NIOLockedValueBox(record)
    }

    var operationName: String {
        get { record.withLockedValue { $0.name } }
        set { record.withLockedValue { $0.name = newValue } }
    }

    var attributes: SpanAttributes {
        get { record.withLockedValue { $0.attributes } }
        set { record.withLockedValue { $0.attributes = newValue } }
    }

    var isRecording: Bool { exporter != nil && !ended.withLockedValue { $0 } }

    func setStatus(_ status: SpanStatus) { record.withLockedValue { $0.status = status } }

    func addEvent(_ event: SpanEvent) { record.withLockedValue { $0.events.append(event) } }

    func recordError<Instant: TracerInstant>(_ error: any Error, attributes: SpanAttributes, at instant: @autoclosure () -> Instant) {
        var event = SpanEvent(name: "exception", at: instant(), attributes: attributes)
        event.attributes["exception.type"] = String(describing: type(of: error))
        addEvent(event)
    }

    func addLink(_ link: SpanLink) {}

    func end<Instant: TracerInstant>(at instant: @autoclosure () -> Instant) {
        let first = ended.withLockedValue { done -> Bool in
            defer { done = true }
            return !done
        }
        guard first, let exporter else { return }
        let finished = record.withLockedValue { record -> Record in
            record.end = instant().nanosecondsSinceEpoch
            return record
        }
        exporter.add(finished)
    }
}
