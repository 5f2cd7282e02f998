import Foundation
import Testing

// docs/writing-a-widget.md quotes the example package's sources: every Swift block of the guide
// that is not marked as the iOS version (or as a test to write) must appear in them exactly,
// so the guide never shows code the example does not have.

@Suite("Writing-a-widget guide")
struct WritingAWidgetGuideTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The guide's ```swift blocks, in order.
    static func swiftBlocks(of markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [String]?
        for line in markdown.components(separatedBy: "\n") {
            if current == nil, line == "```swift" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current?.joined(separator: "\n") ?? "")
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The example package's Swift files, concatenated.
    static func exampleSources() throws -> String {
        let examples = root.appendingPathComponent("Examples")
        var files = [examples.appendingPathComponent("Package.swift")]
        let sources = examples.appendingPathComponent("Sources")
        let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            if url.pathExtension == "swift" { files.append(url) }
        }
        return try files.sorted { $0.path < $1.path }.map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
    }

    /// README.md from its "Writing a widget" heading on.
    static func readmeWritingAWidget() throws -> String {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        return readme.components(separatedBy: "## Writing a widget").dropFirst().first ?? ""
    }

    @Test func everyWidgetdashBlockIsQuotedFromTheExample() throws {
        let guide = try String(contentsOf: Self.root.appendingPathComponent("docs/writing-a-widget.md"), encoding: .utf8)
        let sources = try Self.exampleSources()
        let blocks = Self.swiftBlocks(of: guide)
        let corpusMark = "// From Tests/WidgetCorpus/"
        let quoted = blocks.filter { !$0.hasPrefix("// WidgetKit (iOS)") && !$0.hasPrefix("// In a test target") && !$0.hasPrefix(corpusMark) }
        #expect(quoted.count >= 12, "the guide should quote the example step by step")
        for block in quoted {
            #expect(sources.contains(block), "not in Examples/ as written:\n\(block)")
        }
        // Each step has its iOS counterpart beside it.
        #expect(blocks.count(where: { $0.hasPrefix("// WidgetKit (iOS)") }) >= 4)
    }

    /// The side-by-side quotes a corpus widget: the block is that file exactly, and the iOS
    /// block before it is the same code with iOS's imports.
    @Test func theSideBySideQuotesACorpusWidgetWithOnlyItsImportsChanged() throws {
        let guide = try String(contentsOf: Self.root.appendingPathComponent("docs/writing-a-widget.md"), encoding: .utf8)
        let blocks = Self.swiftBlocks(of: guide)
        let index = try #require(blocks.firstIndex { $0.hasPrefix("// From Tests/WidgetCorpus/") })
        let lines = blocks[index].components(separatedBy: "\n")
        let path = String(lines[0].dropFirst("// From ".count))
        let file = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
        let quoted = lines.dropFirst().joined(separator: "\n")
        #expect(file == quoted + "\n", "the guide's quote differs from \(path)")
        let ios = blocks[index - 1]
        #expect(ios.hasPrefix("// WidgetKit (iOS)\nimport WidgetKit\nimport SwiftUI\n"))
        #expect(ios.components(separatedBy: "\n").dropFirst(3) == lines.dropFirst(3), "the two versions differ beyond their imports")
    }

    @Test func theReadmesWidgetIsTheOneItsTestCompiles() throws {
        let section = try Self.readmeWritingAWidget()
        let widget = try #require(Self.swiftBlocks(of: section).first)
        let test = try String(contentsOf: Self.root.appendingPathComponent("Tests/WidgetDashTests/ReadmeExampleTests.swift"), encoding: .utf8)
        #expect(test.contains(widget.replacingOccurrences(of: "import WidgetDash\n\n", with: "")), "README's widget differs from ReadmeExampleTests.swift")
    }

    @Test func theReadmeSendsWidgetAuthorsToTheGuide() throws {
        let section = try Self.readmeWritingAWidget()
        #expect(section.contains("(docs/writing-a-widget.md)"))
        #expect(section.contains("Examples/"))
    }
}
