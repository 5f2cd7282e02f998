import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// widgetdash's macros, as a compiler plugin that speaks the compiler's plugin protocol itself
// rather than through swift-syntax, whose clean build every package that builds WidgetDash
// would pay (docs/DECISIONS.md, "#Preview without swift-syntax"). The compiler starts this
// executable (`-load-plugin-executable`) and sends messages on standard input, each an 8-byte
// little-endian length and that many bytes of JSON; the answers go back the same way on
// standard output. Anything else this process prints goes to standard error.

/// The plugin protocol version this plugin speaks (swift-syntax's PROTOCOL_VERSION_NUMBER).
let protocolVersion = 7

let output = dup(1)
dup2(2, 1)

func readExactly(_ count: Int) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
        let n = buffer.withUnsafeMutableBytes { raw in read(0, raw.baseAddress! + done, count - done) }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { return nil }
        done += n
    }
    return buffer
}

func send(_ answer: PluginAnswer) {
    guard let json = try? JSONEncoder().encode(answer) else { exit(1) }
    var message = withUnsafeBytes(of: UInt64(json.count).littleEndian) { Array($0) }
    message += json
    var done = 0
    while done < message.count {
        let n = message.withUnsafeBytes { raw in write(output, raw.baseAddress! + done, message.count - done) }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { exit(1) }
        done += n
    }
}

func answer(_ request: HostMessage.ExpandFreestanding) -> PluginAnswer {
    let location = request.syntax.location
    func failure(_ message: String, at offset: Int) -> PluginAnswer {
        .expansion(source: nil, diagnostics: [.init(message: message, position: .init(fileName: location.fileName, offset: location.offset + offset))])
    }
    guard request.macro.typeName == "PreviewMacro" else {
        return failure("widgetdash's macro plugin has no macro \(request.macro.typeName)", at: 0)
    }
    var expansion = PreviewExpansion(discriminator: request.discriminator, source: request.syntax.source,
                                     fileID: location.fileID, line: location.line)
    // The registration is a global: a preview inside a type or a function has no place there.
    if let context = request.lexicalContext, !context.isEmpty {
        return failure("#Preview is written at the top level of a file, outside any type or function", at: expansion.macroOffset())
    }
    do {
        return .expansion(source: try expansion.expand(), diagnostics: [])
    } catch {
        return failure(error.message, at: error.offset)
    }
}

while let header = readExactly(8) {
    let length = header.enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
    guard length > 0 else { continue }
    guard length < 1 << 30, let body = readExactly(length) else { exit(1) }
    guard let message = try? JSONDecoder().decode(HostMessage.self, from: Data(body)) else {
        // A message of a kind this plugin does not know: say so rather than leave the compiler waiting.
        send(.expansion(source: nil, diagnostics: []))
        continue
    }
    if message.getCapability != nil {
        send(.capability(protocolVersion: protocolVersion))
    } else if let request = message.expandFreestandingMacro {
        send(answer(request))
    } else {
        send(.expansion(source: nil, diagnostics: []))
    }
}
exit(0)
