/// A page's `Encodable` content as `TemplateValue`s: plain values, with the `Encodable` code the
/// compiler made for the page's types. (LeafKit's encoder, before, boxed every value into a class
/// and then into its own value type: a quarter of drawing the feed page's template.)
struct TemplateEncoder {
    static func encode<Value: Encodable>(_ value: Value) throws -> TemplateValue {
        // Text and lists of text (a listing's prices) without an encoder of their own each; told
        // by their type, not a cast (a dynamic cast per value was a seventh of the encoding).
        if Value.self == String.self { return .string(unsafeBitCast(value, to: String.self)) }
        if Value.self == [String].self { return .array(unsafeBitCast(value, to: [String].self).map(TemplateValue.string)) }
        let encoder = TemplateValueEncoder()
        try value.encode(to: encoder)
        return encoder.value
    }
}

/// One value being encoded: an object, a list or a single value, whichever its type asks for.
final class TemplateValueEncoder: Encoder {
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    private var object: ObjectBox?
    private var list: ListBox?
    fileprivate var single: TemplateValue = .null

    var value: TemplateValue {
        if let object { return .object(object.finished()) }
        if let list { return .array(list.finished()) }
        return single
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let box = object ?? ObjectBox()
        object = box
        return KeyedEncodingContainer(ObjectContainer<Key>(box: box))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let box = list ?? ListBox()
        list = box
        return ListContainer(box: box)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleContainer(encoder: self) }
}

/// The fields written so far; a nested container's encoder is read when the object is finished.
private final class ObjectBox {
    var fields: [String: TemplateValue] = [:]
    var nested: [(String, TemplateValueEncoder)] = []

    func finished() -> [String: TemplateValue] {
        for (key, encoder) in nested { fields[key] = encoder.value }
        return fields
    }
}

private final class ListBox {
    var items: [TemplateValue] = []
    var nested: [(Int, TemplateValueEncoder)] = []

    func finished() -> [TemplateValue] {
        for (index, encoder) in nested { items[index] = encoder.value }
        return items
    }
}

/// An integer as Leaf keeps it: an `Int`, or a `Double` when it does not fit.
private struct ObjectContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: ObjectBox
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) { box.fields[key.stringValue] = .null }
    mutating func encode(_ value: Bool, forKey key: Key) { box.fields[key.stringValue] = .bool(value) }
    mutating func encode(_ value: String, forKey key: Key) { box.fields[key.stringValue] = .string(value) }
    mutating func encode(_ value: Double, forKey key: Key) { box.fields[key.stringValue] = .double(value) }
    mutating func encode(_ value: Float, forKey key: Key) { box.fields[key.stringValue] = .double(Double(value)) }
    mutating func encode(_ value: Int, forKey key: Key) { box.fields[key.stringValue] = .int(value) }
    mutating func encode(_ value: Int8, forKey key: Key) { box.fields[key.stringValue] = integer(value) }
    mutating func encode(_ value: Int16, forKey key: Key) { box.fields[key.stringValue] = integer(value) }
    mutating func encode(_ value: Int32, forKey key: Key) { box.fields[key.stringValue] = integer(value) }
    mutating func encode(_ value: Int64, forKey key: Key) { box.fields[key.stringValue] = integer(value) }
    mutating func encode(_ value: UInt, forKey key: Key) { box.fields[key.stringValue] = integer(value) }
    mutating func encode(_ value: UInt8, forKey key: Key) { box.fields[key.stringValue] = integer(value) }
    mutating func encode(_ value: UInt16, forKey key: Key) { box.fields[key.stringValue] = integer(value) }
    mutating func encode(_ value: UInt32, forKey key: Key) { box.fields[key.stringValue] = integer(value) }
    mutating func encode(_ value: UInt64, forKey key: Key) { box.fields[key.stringValue] = integer(value) }
    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        box.fields[key.stringValue] = try TemplateEncoder.encode(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        nestedEncoder(forKey: key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        nestedEncoder(forKey: key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { nestedEncoder(forKey: "super") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { nestedEncoder(forKey: key.stringValue) }

    private func nestedEncoder(forKey key: Key) -> TemplateValueEncoder { nestedEncoder(forKey: key.stringValue) }

    private func nestedEncoder(forKey key: String) -> TemplateValueEncoder {
        let encoder = TemplateValueEncoder()
        box.nested.append((key, encoder))
        return encoder
    }
}

private func integer<Number: BinaryInteger>(_ number: Number) -> TemplateValue {
    Int(exactly: number).map(TemplateValue.int) ?? .double(Double(number))
}

private struct ListContainer: UnkeyedEncodingContainer {
    let box: ListBox
    var codingPath: [any CodingKey] { [] }
    var count: Int { box.items.count }

    mutating func encodeNil() { box.items.append(.null) }
    mutating func encode(_ value: Bool) { box.items.append(.bool(value)) }
    mutating func encode(_ value: String) { box.items.append(.string(value)) }
    mutating func encode(_ value: Double) { box.items.append(.double(value)) }
    mutating func encode(_ value: Float) { box.items.append(.double(Double(value))) }
    mutating func encode(_ value: Int) { box.items.append(.int(value)) }
    mutating func encode(_ value: Int64) { box.items.append(integer(value)) }
    mutating func encode<Value: Encodable>(_ value: Value) throws { box.items.append(try TemplateEncoder.encode(value)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        nestedEncoder().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { nestedEncoder().unkeyedContainer() }
    mutating func superEncoder() -> any Encoder { nestedEncoder() }

    private func nestedEncoder() -> TemplateValueEncoder {
        let encoder = TemplateValueEncoder()
        box.nested.append((box.items.count, encoder))
        box.items.append(.null)
        return encoder
    }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let encoder: TemplateValueEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() { encoder.single = .null }
    mutating func encode(_ value: Bool) { encoder.single = .bool(value) }
    mutating func encode(_ value: String) { encoder.single = .string(value) }
    mutating func encode(_ value: Double) { encoder.single = .double(value) }
    mutating func encode(_ value: Float) { encoder.single = .double(Double(value)) }
    mutating func encode(_ value: Int) { encoder.single = .int(value) }
    mutating func encode(_ value: Int8) { encoder.single = integer(value) }
    mutating func encode(_ value: Int16) { encoder.single = integer(value) }
    mutating func encode(_ value: Int32) { encoder.single = integer(value) }
    mutating func encode(_ value: Int64) { encoder.single = integer(value) }
    mutating func encode(_ value: UInt) { encoder.single = integer(value) }
    mutating func encode(_ value: UInt8) { encoder.single = integer(value) }
    mutating func encode(_ value: UInt16) { encoder.single = integer(value) }
    mutating func encode(_ value: UInt32) { encoder.single = integer(value) }
    mutating func encode(_ value: UInt64) { encoder.single = integer(value) }
    mutating func encode<Value: Encodable>(_ value: Value) throws { encoder.single = try TemplateEncoder.encode(value) }
}
