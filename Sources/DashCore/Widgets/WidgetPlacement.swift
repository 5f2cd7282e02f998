import WidgetDash

/// A widget to put on a screen: its kind, its family, and the parameters of this instance.
public struct WidgetPlacement: Hashable, Sendable, CustomStringConvertible {
    public var kind: String
    public var family: WidgetFamily
    /// Per-instance settings (`key=value`), such as a store key for a data widget or a
    /// configuration intent's parameters. Empty for static widgets.
    public var parameters: [String: String]

    public init(kind: String, family: WidgetFamily, parameters: [String: String] = [:]) {
        self.kind = kind
        self.family = family
        self.parameters = parameters
    }

    public var description: String {
        let base = "\(kind)@\(family.shortName)"
        guard !parameters.isEmpty else { return base }
        return base + ":" + parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
    }

    /// Parses `KIND[@FAMILY][:KEY=VALUE,KEY=VALUE…]`; a missing family is the kind's first
    /// supported one.
    public static func parse(_ text: String, widgets: [WidgetDescription]) -> Swift.Result<WidgetPlacement, PlacementError> {
        let head: Substring
        var parameters: [String: String] = [:]
        if let colon = text.firstIndex(of: ":") {
            head = text[..<colon]
            for pair in text[text.index(after: colon)...].split(separator: ",", omittingEmptySubsequences: true) {
                let kv = pair.split(separator: "=", maxSplits: 1)
                guard kv.count == 2, !kv[0].isEmpty else { return .failure(.malformed(text)) }
                parameters[String(kv[0])] = String(kv[1])
            }
        } else {
            head = Substring(text)
        }
        // "clock@" names no family; it is not "clock" with the default one.
        guard !head.hasSuffix("@") else { return .failure(.malformed(text)) }
        let parts = head.split(separator: "@", maxSplits: 1).map(String.init)
        guard let kind = parts.first, !kind.isEmpty else { return .failure(.malformed(text)) }
        guard let widget = widgets.first(where: { $0.kind == kind }) else {
            return .failure(.unknownKind(kind, known: widgets.map(\.kind)))
        }
        if parts.count == 1 {
            guard let first = widget.supportedFamilies.first else { return .failure(.unsupportedFamily(kind, text, supported: [])) }
            return .success(WidgetPlacement(kind: kind, family: first, parameters: parameters))
        }
        guard let family = WidgetFamily(name: parts[1]) else {
            return .failure(.unknownFamily(parts[1]))
        }
        guard widget.supports(family) else {
            return .failure(.unsupportedFamily(kind, family.shortName, supported: widget.supportedFamilies))
        }
        return .success(WidgetPlacement(kind: kind, family: family, parameters: parameters))
    }
}

/// Why a placement could not be made.
public enum PlacementError: Error, Equatable, CustomStringConvertible {
    case malformed(String)
    case unknownKind(String, known: [String])
    case unknownFamily(String)
    case unsupportedFamily(String, String, supported: [WidgetFamily])

    public var description: String {
        switch self {
        case .malformed(let t): "expected KIND[@FAMILY][:KEY=VALUE,…], got \"\(t)\""
        case .unknownKind(let k, let known): "unknown widget kind \"\(k)\" (known: \(known.joined(separator: ", ")))"
        case .unknownFamily(let f):
            "unknown family \"\(f)\" (expected one of: \(WidgetFamily.allCases.map(\.shortName).joined(separator: ", ")))"
        case .unsupportedFamily(let k, let f, let supported):
            "widget \"\(k)\" does not support the \(f) family (it supports: \(supported.map(\.shortName).joined(separator: ", ")))"
        }
    }
}
