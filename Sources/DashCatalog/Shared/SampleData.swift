import Foundation

/// Fixed inputs for previews, goldens and tests, so a render never depends on the real clock.
public enum SampleData {
    /// Sunday 22 November 2026, 10:42:17 UTC: the moment every sample entry shows.
    public static let date = Date(timeIntervalSince1970: 1_795_344_137)
}
