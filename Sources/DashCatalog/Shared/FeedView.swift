import Foundation
import WidgetDash

/// A feed widget's entry: what it read, or the problem with its data instead.
protocol FeedEntry: TimelineEntry {
    /// Why the feed's data could not be read, shown in place of the content; nil when it was.
    var problem: String? { get }
}

/// A feed widget's view: its own content, or what is wrong with its data, under its title.
///
/// Every feed (recipes, weather, trophies, stocks) shows a problem the same way, so a feed view
/// says only its title, its entry and its content; `body` wraps them in ``FeedContentView``.
///
/// ```swift
/// struct RecipesView: FeedView {
///     static let title = "Recipes"
///     let entry: RecipesEntry
///     var content: some View { … }
/// }
/// ```
protocol FeedView: View {
    associatedtype Entry: FeedEntry
    associatedtype Content: View
    /// The widget's name, which leads a problem.
    static var title: String { get }
    var entry: Entry { get }
    /// The feed's data laid out for the family; not shown while the entry has a problem.
    @ViewBuilder var content: Content { get }
}

extension FeedView {
    var body: some View {
        FeedContentView(title: Self.title, problem: entry.problem) { content }
    }
}
