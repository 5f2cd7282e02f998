import WidgetDash

/// Checks a placement's `key=value` parameters against what its widget accepts.
enum ParameterCheck {
    /// A problem with `parameters` for `description`, or nil when they are all fine.
    static func problem(_ parameters: [String: String], for description: WidgetDescription) -> String? {
        guard let (key, _) = parameters.sorted(by: { $0.key < $1.key }).first else { return nil }
        // Static widgets show the same content in every instance: nothing to set.
        return "bad parameter \"\(key)\": widget \"\(description.kind)\" takes no parameters (it has no configuration)"
    }
}
