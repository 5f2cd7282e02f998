import WidgetDash

/// What a panel draws for interactivity: the focused element, toggles flipped by a tap that is
/// still pending, invalidation, and an intent's error.
public struct PanelInteraction: Sendable {
    /// The element drawn focused (reverse video in the theme's focus color), by element id.
    public var focusedElement: Int?
    /// Toggles shown in this state instead of the entry's, by element id.
    public var toggleOverrides: [Int: Bool]
    /// True from a tap until the next timeline: `invalidatableContent()` views are dimmed.
    public var invalidated: Bool
    /// A failed or abandoned intent's message, shown over the lower part of the content.
    public var message: String?

    public init(focusedElement: Int? = nil, toggleOverrides: [Int: Bool] = [:], invalidated: Bool = false, message: String? = nil) {
        self.focusedElement = focusedElement
        self.toggleOverrides = toggleOverrides
        self.invalidated = invalidated
        self.message = message
    }
}
