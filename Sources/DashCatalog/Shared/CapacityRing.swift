import Foundation
import WidgetDash

/// A ring filled to a fraction with a figure inside: the circular family's gauge.
///
/// ```swift
/// CapacityRing(fraction: stats.cpuUsage, label: Text("42%"))
/// ```
///
/// The ring takes its color from the tint around it, so callers tint it by level or status.
struct CapacityRing: View {
    /// How full the ring is, from 0 to 1.
    let fraction: Double
    /// The figure in the middle.
    let label: Text

    var body: some View {
        Gauge(value: fraction) {
            EmptyView()
        } currentValueLabel: {
            label
        }
        .gaugeStyle(.accessoryCircularCapacity)
    }
}
