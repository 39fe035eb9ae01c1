#if !canImport(SwiftUI)
// Just the SwiftUI names `ReadmeFeedScreen.swift` uses, with SwiftUI's signatures, so the
// README's sketch compiles on Linux. Nothing here draws; nothing runs it.

@MainActor protocol View {}

/// Every stand-in view and modifier result.
struct SomeView: View {}

@resultBuilder
enum ViewBuilder {
    static func buildBlock(_ views: any View...) -> SomeView { SomeView() }
    static func buildOptional(_ view: (any View)?) -> SomeView { SomeView() }
    static func buildEither(first view: any View) -> SomeView { SomeView() }
    static func buildEither(second view: any View) -> SomeView { SomeView() }
}

enum HorizontalAlignment { case leading, center, trailing }

enum VerticalEdge { case top, bottom }
struct NavigationStack: View { init(@ViewBuilder content: () -> some View) {} }
struct VStack: View { init(alignment: HorizontalAlignment = .center, @ViewBuilder content: () -> some View) {} }
struct Text: View { init(_ text: String) {} }
struct List: View {
    init<Data: RandomAccessCollection>(_ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> some View)
        where Data.Element: Identifiable {}
}

extension View {
    func task(_ action: @escaping @isolated(any) @Sendable () async -> Void) -> SomeView { SomeView() }
    func refreshable(action: @escaping @isolated(any) @Sendable () async -> Void) -> SomeView { SomeView() }
    func searchable(text: Binding<String>) -> SomeView { SomeView() }
    func overlay(@ViewBuilder content: () -> some View) -> SomeView { SomeView() }
    func safeAreaInset(edge: VerticalEdge, @ViewBuilder content: () -> some View) -> SomeView { SomeView() }
    func navigationTitle(_ title: String) -> SomeView { SomeView() }
}

@propertyWrapper
struct State<Value> {
    var wrappedValue: Value
    var projectedValue: Binding<Value> { Binding(get: { wrappedValue }, set: { _ in }) }
}

@dynamicMemberLookup
struct Binding<Value> {
    let get: () -> Value
    let set: (Value) -> Void

    subscript<Member>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Member>) -> Binding<Member> {
        let object = get()
        return Binding<Member>(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }
}
#endif
