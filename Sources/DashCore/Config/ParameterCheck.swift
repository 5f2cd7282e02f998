import WidgetDash

/// Checks a placement's `key=value` parameters against what its widget accepts.
enum ParameterCheck {
    /// A problem with `parameters` for `description`, or nil when they are all fine.
    ///
    /// A widget accepts the parameters it declares (`WidgetDescription.configurationParameters`:
    /// a configuration intent's `@Parameter`s, or `.parameters(_:)` on any configuration); each
    /// value must suit its declaration, and required ones must be there.
    static func problem(_ parameters: [String: String], for description: WidgetDescription) -> String? {
        let declared = description.configurationParameters
        for (key, value) in parameters.sorted(by: { $0.key < $1.key }) {
            guard let parameter = declared.first(where: { $0.name == key }) else {
                // Static widgets show the same content in every instance: nothing to set.
                if declared.isEmpty {
                    return "bad parameter \"\(key)\": widget \"\(description.kind)\" takes no parameters (it has no configuration)"
                }
                return "bad parameter \"\(key)\": widget \"\(description.kind)\" takes \(declared.map(\.name).joined(separator: ", "))"
            }
            if let message = parameter.problem(with: value) { return "bad parameter \"\(key)\": \(message)" }
        }
        if let missing = declared.first(where: { $0.isRequired && parameters[$0.name] == nil }) {
            return "missing parameter \"\(missing.name)\" (\(missing.title)) for widget \"\(description.kind)\""
        }
        return nil
    }
}

extension ParameterCheck {
    /// A parameter naming something that does not exist (`zone=Nowhere/Land`), or nil. Asks
    /// the widget's entity queries, so it is async and kept apart from the syntax check.
    static func unknownValueProblem(_ parameters: [String: String], for description: WidgetDescription) async -> String? {
        let declared = description.configurationParameters
        for (key, value) in parameters.sorted(by: { $0.key < $1.key }) {
            guard let parameter = declared.first(where: { $0.name == key }) else { continue }
            if let message = await parameter.unknownValueProblem(value) { return "bad parameter \"\(key)\": \(message)" }
        }
        return nil
    }
}

extension WidgetPlacement {
    /// A parameter of this placement that names nothing its widget knows, or nil.
    public func unknownValueProblem(in widgets: [WidgetDescription]) async -> String? {
        guard let description = widgets.first(where: { $0.kind == kind }) else { return nil }
        return await ParameterCheck.unknownValueProblem(parameters, for: description)
    }

    /// A problem with this placement's parameters for its widget among `widgets`, or nil
    /// (`--widget gauge@small:max=lots` is refused with it before the screen starts).
    public func parameterProblem(in widgets: [WidgetDescription]) -> String? {
        guard let description = widgets.first(where: { $0.kind == kind }) else { return nil }
        return ParameterCheck.problem(parameters, for: description)
    }
}
