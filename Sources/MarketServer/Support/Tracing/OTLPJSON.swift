import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import Tracing
import Vapor

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
