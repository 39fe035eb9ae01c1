import MarketClient
import MarketCore
#if canImport(SwiftUI)
import SwiftUI
#endif

// The SDK guide's (docs/sdk.md) SwiftUI sketch. On Apple platforms it compiles against SwiftUI; on Linux
// against `SwiftUIStandIn.swift`, which declares just the SwiftUI names it uses, so the
// view model's side of every binding is checked on both.
// README:begin
struct FeedScreen: View {
    @State var model: FeedViewModel

    var body: some View {
        NavigationStack {
            List(model.listings.items) { listing in
                VStack(alignment: .leading) {
                    Text(listing.title)
                    Text(MoneyText.format(listing.salePriceCents ?? 0, currency: listing.currency))
                }
                .task { await model.loadMore(after: listing) }  // the next page as the end shows
            }
            .overlay { if let message = model.errorMessage { Text(message) } }
            .safeAreaInset(edge: .top) {  // offline: what the phone kept, and as of when
                if model.isOffline, let synced = model.lastSynced {
                    Text("Offline · as of \(synced.formatted(date: .omitted, time: .shortened))")
                }
            }
            .searchable(text: $model.searchText)
            .refreshable { await model.refresh() }
            .task { await model.refresh() }
            .navigationTitle("CampusMarket")
        }
    }
}
// README:end
