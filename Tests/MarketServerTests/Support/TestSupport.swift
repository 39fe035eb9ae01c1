// The shared test harness (fresh databases, the app on a real port) for every file here.
@_exported import MarketTestSupport
