import Foundation

// The compiler's plugin protocol, as far as a freestanding macro needs it: the messages the
// compiler (the host) sends and the answers it reads. Each is a JSON object whose one key names
// the case, as Swift's Codable writes an enum with associated values (swift-syntax's
// PluginMessages.swift is the reference). Fields this plugin does not use (the lexical context's
// text, the static build configuration) are not decoded, so newer compilers stay readable.

/// A message from the compiler. Only the cases this plugin answers are decoded.
struct HostMessage: Decodable {
    var getCapability: GetCapability?
    var expandFreestandingMacro: ExpandFreestanding?
    var expandAttachedMacro: IgnoredPayload?
    var loadPluginLibrary: IgnoredPayload?

    struct GetCapability: Decodable {}

    struct ExpandFreestanding: Decodable {
        var macro: MacroReference
        var discriminator: String
        var syntax: Syntax
        /// The declarations around the expansion, innermost first; empty at file scope.
        var lexicalContext: [Syntax]?
    }

    struct MacroReference: Decodable {
        var moduleName: String
        var typeName: String
        var name: String
    }

    struct Syntax: Decodable {
        var kind: String
        var source: String
        var location: SourceLocation
    }

    struct SourceLocation: Decodable {
        var fileID: String
        var fileName: String
        /// UTF-8 offset of `source`'s first byte in the file.
        var offset: Int
        var line: Int
        var column: Int
    }

    struct IgnoredPayload: Decodable {}
}

/// An answer to the compiler.
enum PluginAnswer: Encodable {
    case capability(protocolVersion: Int)
    case expansion(source: String?, diagnostics: [Diagnostic])

    struct Diagnostic: Encodable {
        struct Position: Encodable {
            var fileName: String
            var offset: Int
        }
        var message: String
        var severity = "error"
        var position: Position
        // Always empty here; the compiler requires the keys.
        var highlights: [Position] = []
        var notes: [Position] = []
        var fixIts: [Position] = []
    }

    private enum Keys: String, CodingKey { case getCapabilityResult, expandMacroResult }
    private enum CapabilityKeys: String, CodingKey { case capability }
    private enum VersionKeys: String, CodingKey { case protocolVersion }
    private enum ExpansionKeys: String, CodingKey { case expandedSource, diagnostics }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        switch self {
        case .capability(let version):
            var outer = c.nestedContainer(keyedBy: CapabilityKeys.self, forKey: .getCapabilityResult)
            var inner = outer.nestedContainer(keyedBy: VersionKeys.self, forKey: .capability)
            try inner.encode(version, forKey: .protocolVersion)
        case .expansion(let source, let diagnostics):
            var inner = c.nestedContainer(keyedBy: ExpansionKeys.self, forKey: .expandMacroResult)
            try inner.encode(source, forKey: .expandedSource)
            try inner.encode(diagnostics, forKey: .diagnostics)
        }
    }
}
