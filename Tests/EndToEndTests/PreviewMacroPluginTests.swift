import Foundation
import Testing

/// WidgetDashMacros spoken to as the compiler speaks to it: length-prefixed JSON on its standard
/// input and output (the compiler's plugin protocol), without a compiler in between.
@Suite struct PreviewMacroPluginTests {
    /// The plugin executable SwiftPM built beside widgetdash.
    static var tool: String? {
        guard let binary = WidgetDashBinary.path else { return nil }
        let path = URL(fileURLWithPath: binary).deletingLastPathComponent().appendingPathComponent("WidgetDashMacros-tool").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// Sends each message in turn and returns the answers, decoded.
    static func exchange(_ messages: [[String: Any]]) throws -> [[String: Any]] {
        let tool = try #require(Self.tool, "the WidgetDashMacros-tool executable is missing")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var answers: [[String: Any]] = []
        for message in messages {
            let json = try JSONSerialization.data(withJSONObject: message)
            input.fileHandleForWriting.write(Data(withUnsafeBytes(of: UInt64(json.count).littleEndian) { Array($0) }) + json)
            let header = try #require(try output.fileHandleForReading.read(upToCount: 8))
            let length = header.enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
            let body = try #require(try output.fileHandleForReading.read(upToCount: length))
            answers.append(try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any]))
        }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return answers
    }

    static func expand(_ source: String, line: Int, lexicalContext: [[String: Any]] = []) -> [String: Any] {
        let location: [String: Any] = ["fileID": "Mod/File.swift", "fileName": "/src/Mod/File.swift", "offset": 100, "line": line, "column": 1]
        return ["expandFreestandingMacro": [
            "macro": ["moduleName": "WidgetDashMacros", "typeName": "PreviewMacro", "name": "Preview"],
            "macroRole": "declaration", "discriminator": "$s3Mod4FileMX_",
            "syntax": ["kind": "declaration", "source": source, "location": location],
            "lexicalContext": lexicalContext,
        ] as [String: Any]]
    }

    static func result(_ answer: [String: Any]) -> (source: String?, diagnostics: [[String: Any]]) {
        let result = answer["expandMacroResult"] as? [String: Any]
        return (result?["expandedSource"] as? String, result?["diagnostics"] as? [[String: Any]] ?? [])
    }

    @Test func itAnswersTheCapabilityAndRewritesEachPreviewUnderAUniqueName() throws {
        let answers = try Self.exchange([
            ["getCapability": ["capability": ["protocolVersion": 7]]],
            Self.expand("\n// a comment\n#Preview(\"Tea\", as: .systemSmall) {\n    W()\n} timeline: {\n    E()\n}", line: 10),
            Self.expand("\n#Preview /* first */ { Text(\"hi\") }", line: 20),
        ])
        let capability = (answers[0]["getCapabilityResult"] as? [String: Any])?["capability"] as? [String: Any]
        #expect(capability?["protocolVersion"] as? Int == 7)

        let widget = try #require(Self.result(answers[1]).source)
        #expect(widget.contains("@section(\"wd_previews\") @used let $s3Mod4FileMX_7previewfMu_: WidgetDash._PreviewMaker = {"), "\(widget)")
        #expect(widget.contains("let preview = WidgetDash._Preview(\"Tea\", as: .systemSmall) {\n    W()\n} timeline: {\n    E()\n}"), "\(widget)")
        // The `#` is on the source's third line.
        #expect(widget.contains("return preview._registered(fileID: \"Mod/File.swift\", line: 12)"), "\(widget)")

        let view = try #require(Self.result(answers[2]).source)
        #expect(view.contains("WidgetDash._Preview /* first */ { Text(\"hi\") }"), "\(view)")
        #expect(view.contains("line: 21)"), "\(view)")
    }

    @Test func aPreviewInsideATypeOrAnUnreadableOneIsAnErrorWhereTheMacroIs() throws {
        let inType = ["kind": "declaration", "source": "struct Holder {}",
                      "location": ["fileID": "Mod/File.swift", "fileName": "/src/Mod/File.swift", "offset": 0, "line": 1, "column": 1]] as [String: Any]
        let answers = try Self.exchange([
            Self.expand("\n    #Preview { Text(\"x\") }", line: 4, lexicalContext: [inType]),
            Self.expand("#Preview", line: 1),
        ])
        let inside = Self.result(answers[0])
        #expect(inside.source == nil)
        #expect(inside.diagnostics.first?["message"] as? String == "#Preview is written at the top level of a file, outside any type or function")
        // Offset 100 is where the source starts; the `#` is 5 bytes in.
        #expect((inside.diagnostics.first?["position"] as? [String: Any])?["offset"] as? Int == 105)
        #expect(inside.diagnostics.first?["severity"] as? String == "error")

        let bare = Self.result(answers[1])
        #expect(bare.source == nil)
        #expect(bare.diagnostics.first?["message"] as? String == "#Preview takes arguments or a closure")
    }
}
