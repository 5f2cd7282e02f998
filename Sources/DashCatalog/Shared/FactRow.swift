import Foundation
import WidgetDash

/// A dim title in a column of its own, then its value: "Type    ext4", "Day  ██████░░░░  45%".
///
/// ```swift
/// FactRow(title: "Device", value: "/dev/nvme0n1p2", titleWidth: 7)
/// FactRow(title: "Year", titleWidth: 4) { PercentBar(fraction: 0.87) }
/// ```
///
/// The titles of a list share one width, so the values line up under each other.
struct FactRow<Value: View>: View {
    let title: String
    /// The title's column, in cells: the longest title of the list.
    let titleWidth: Int
    let value: Value

    init(title: String, titleWidth: Int, @ViewBuilder value: () -> Value) {
        self.title = title
        self.titleWidth = titleWidth
        self.value = value()
    }

    var body: some View {
        HStack(spacing: 1) {
            Text(title).foregroundStyle(.secondary).frame(width: Double(titleWidth), alignment: .leading)
            value
        }
    }
}

extension FactRow where Value == FactText {
    /// A fact in words, cut to one line; the row fills its width, so a list of them lines up
    /// under a title on the left.
    init(title: String, value: String, titleWidth: Int) {
        self.init(title: title, titleWidth: titleWidth) { FactText(value: value) }
    }
}

/// A fact's value in words: one line, then the rest of the row left empty.
struct FactText: View {
    let value: String

    var body: some View {
        Text(value).lineLimit(1)
        Spacer(minLength: 0)
    }
}
