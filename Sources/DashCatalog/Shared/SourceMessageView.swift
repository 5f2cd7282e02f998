import Foundation
import WidgetDash

/// What a widget says instead of its content: a calm state of its source (no disks, only
/// loopback, no Maildir) or a problem (a file it cannot read), laid out for each family.
///
/// ```swift
/// SourceMessageView(problem: "Uptime", "/proc/uptime is not readable")
/// ```
///
/// The symbol and a title lead; the accessory families get a line or two, the system families
/// the whole explanation, under the title or (``isCentred``) halfway down the panel.
struct SourceMessageView: View {
    /// A calm state is said plainly; a problem in orange, so it stands out on a dashboard.
    enum Tone { case calm, problem }

    var tone: Tone = .calm
    let symbol: String
    /// The label in the rectangular and system families.
    let title: String
    /// The one line of the inline family.
    let inline: String
    /// The words under the symbol in the circular family.
    let circular: [String]
    /// The line under the title in the rectangular family.
    let detail: String
    /// A line that leads the explanation in the system families, in the primary color.
    var lead: String?
    /// The explanation under the title in the system families.
    let explanation: String
    /// Whether the explanation sits halfway down the panel rather than under the title.
    var isCentred = false

    @Environment(\.widgetFamily) private var family

    var body: some View {
        switch family {
        case .accessoryInline:
            HStack(spacing: 1) {
                Image(systemName: symbol)
                Text(inline)
            }
        case .accessoryCircular:
            VStack(spacing: 0) {
                if tone == .problem {
                    Image(systemName: symbol).foregroundStyle(.orange)
                } else {
                    Image(systemName: symbol).foregroundStyle(.secondary)
                }
                ForEach(circular.indices) { Text(circular[$0]).foregroundStyle(.secondary) }
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top)
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 0) {
                // One line for the title (a photos folder can be a long path), two for the detail.
                if tone == .problem {
                    Label(title, systemImage: symbol).foregroundStyle(.orange).lineLimit(1)
                } else {
                    Label(title, systemImage: symbol).bold().lineLimit(1)
                }
                Text(detail).foregroundStyle(.secondary).lineLimit(2)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        default:
            VStack(alignment: .leading, spacing: 0) {
                if tone == .problem {
                    Label(title, systemImage: symbol).foregroundStyle(.orange).bold()
                } else {
                    Label(title, systemImage: symbol).bold()
                }
                if isCentred { Spacer(minLength: 0) }
                if let lead { Text(lead).lineLimit(2) }
                Text(explanation).foregroundStyle(.secondary)
                Spacer(minLength: 0)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }
}

extension SourceMessageView {
    /// A source that cannot be read: its name and why, as every feed and machine widget says it.
    init(problem title: String, _ message: String, symbol: String = "exclamationmark.triangle") {
        self.init(tone: .problem, symbol: symbol, title: title, inline: "\(title): \(message)",
                  circular: ["error"], detail: message, explanation: message)
    }
}

/// A feed widget's content, or what is wrong with its data instead, from the top of the panel
/// (centred across in the circular family, where a gauge or a symbol sits).
///
/// ```swift
/// FeedContentView(title: "Recipes", problem: entry.problem) { RecipeCard(recipe) }
/// ```
struct FeedContentView<Content: View>: View {
    /// The widget's name, which leads the problem.
    let title: String
    let problem: String?
    let content: Content
    @Environment(\.widgetFamily) private var family

    init(title: String, problem: String?, @ViewBuilder content: () -> Content) {
        self.title = title
        self.problem = problem
        self.content = content()
    }

    var body: some View {
        Group {
            if let problem {
                SourceMessageView(problem: title, problem)
            } else {
                content
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: family == .accessoryCircular ? .top : .topLeading)
    }
}
