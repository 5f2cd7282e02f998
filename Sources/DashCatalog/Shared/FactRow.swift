import Foundation
import WidgetDash

/// A dim title in a column of its own, then its value cut to one line: "Type    ext4".
///
/// ```swift
/// FactRow(title: "Device", value: "/dev/nvme0n1p2", titleWidth: 7)
/// ```
///
/// The row fills its width, so a list of them lines up under a title on the left.
struct FactRow: View {
    let title: String
    let value: String
    /// The title's column, in cells: the longest title of the list.
    let titleWidth: Int

    var body: some View {
        HStack(spacing: 1) {
            Text(title).foregroundStyle(.secondary).frame(width: Double(titleWidth), alignment: .leading)
            Text(value).lineLimit(1)
            Spacer(minLength: 0)
        }
    }
}
