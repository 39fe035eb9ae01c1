import Metrics
import Prometheus

/// The process-wide Prometheus registry. swift-metrics can be bootstrapped once per process,
/// so this is a lazily created global shared by every `Application` (tests make many).
enum MetricsRegistry {
    static let shared: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        return registry
    }()
}
