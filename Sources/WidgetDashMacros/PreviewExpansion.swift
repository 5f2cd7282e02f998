/// The expansion of `#Preview`: a text rewrite of the macro's own source.
///
/// `#Preview(ARGUMENTS) { … } label: { … }` becomes a global in the `wd_previews` section whose
/// C function makes `WidgetDash._Preview(ARGUMENTS) { … } label: { … }`, the same arguments and
/// trailing closures given to an initializer with the overloads iOS's `#Preview` has. The
/// compiler has already checked the arguments against the macro's declaration, so the rewrite
/// only finds where the macro's name ends; it never parses the arguments. An extension walks
/// the section at run time to find its previews (`PreviewRegistry` in WidgetDash).
struct PreviewExpansion {
    var discriminator: String
    var source: String
    var fileID: String
    /// The line of `source`'s first character.
    var line: Int
    /// Counts per name, as swift-syntax's `makeUniqueName` keeps them.
    private var uniqueNames: [String: Int] = [:]

    init(discriminator: String, source: String, fileID: String, line: Int) {
        self.discriminator = discriminator
        self.source = source
        self.fileID = fileID
        self.line = line
    }

    /// Why a source cannot be rewritten, with the UTF-8 offset in `source` it concerns.
    struct Failure: Error {
        var message: String
        var offset: Int
    }

    /// The expanded declarations.
    mutating func expand() throws(Failure) -> String {
        let (call, macroLine) = try callSuffix()
        let name = makeUniqueName("preview")
        return """
            @section("wd_previews") @used let \(name): WidgetDash._PreviewMaker = {
                let preview = WidgetDash._Preview\(call)
                return preview._registered(fileID: \(literal(fileID)), line: \(macroLine))
            }
            """
    }

    /// A name no other declaration has, as the compiler expects from a macro: the expansion's
    /// discriminator, the name's length and the name, `fMu`, a count after the first, `_`.
    mutating func makeUniqueName(_ provided: String) -> String {
        let name = provided.isEmpty ? "__local" : provided
        let index = uniqueNames[name, default: 0]
        uniqueNames[name] = index + 1
        return discriminator + "\(name.utf8.count)\(name)fMu" + (index > 0 ? "\(index - 1)" : "") + "_"
    }

    /// The text after the macro's name (`(…) { … } timeline: { … }`), and the line the `#` is on.
    func callSuffix() throws(Failure) -> (String, Int) {
        let bytes = Array(source.utf8)
        var i = 0
        var line = self.line
        skipTrivia(bytes, &i, &line)
        guard i < bytes.count, bytes[i] == UInt8(ascii: "#") else { throw Failure(message: "#Preview: cannot read the macro's text", offset: i) }
        let macroLine = line
        i += 1
        // The name, possibly qualified with its module (`#WidgetDash.Preview`).
        while i < bytes.count && (isIdentifier(bytes[i]) || bytes[i] == UInt8(ascii: ".")) { i += 1 }
        let suffix = i
        // Comments or a line break may come before the arguments; they stay in the call.
        skipTrivia(bytes, &i, &line)
        guard i < bytes.count, bytes[i] == UInt8(ascii: "(") || bytes[i] == UInt8(ascii: "{") else {
            throw Failure(message: "#Preview takes arguments or a closure", offset: i)
        }
        return (String(decoding: bytes[suffix...], as: UTF8.self), macroLine)
    }

    /// The UTF-8 offset in `source` of the macro's `#`, past leading whitespace and comments:
    /// where a diagnostic about the whole macro points.
    func macroOffset() -> Int {
        let bytes = Array(source.utf8)
        var i = 0
        var line = self.line
        skipTrivia(bytes, &i, &line)
        return i
    }

    /// Moves `i` past whitespace and comments (nested block comments too), counting lines.
    private func skipTrivia(_ bytes: [UInt8], _ i: inout Int, _ line: inout Int) {
        func at(_ k: Int, _ c: Unicode.Scalar) -> Bool { k < bytes.count && bytes[k] == UInt8(ascii: c) }
        while i < bytes.count {
            if at(i, "\n") {
                line += 1
                i += 1
            } else if at(i, " ") || at(i, "\t") || at(i, "\r") {
                i += 1
            } else if at(i, "/") && at(i + 1, "/") {
                while i < bytes.count && !at(i, "\n") { i += 1 }
            } else if at(i, "/") && at(i + 1, "*") {
                var depth = 0
                repeat {
                    if at(i, "/") && at(i + 1, "*") { depth += 1; i += 2; continue }
                    if at(i, "*") && at(i + 1, "/") { depth -= 1; i += 2; continue }
                    if at(i, "\n") { line += 1 }
                    i += 1
                } while depth > 0 && i < bytes.count
            } else {
                return
            }
        }
    }

    private func isIdentifier(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte >= 0x80
    }

    /// A Swift string literal of `text`.
    private func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
