// swift-tools-version:6.1
import Foundation
import PackageDescription

// The corpus: real WidgetKit widgets from public sources, each with only its `import` lines
// changed to `import WidgetDash` (see each folder's SOURCE.md). Building this package is the
// check that such code compiles as written; EndToEndTests/WidgetCorpusBuildTests builds it in
// both language modes.
//
// Every folder under Widgets/ is its own target, since samples reuse names such as `Provider`
// and `SimpleEntry`. A folder holding a file named DISABLED stays out of the build (the reason
// is in its SOURCE.md). Targets are libraries: a library is compiled as a library
// (`-parse-as-library`), so `@main` on a bundle is accepted, and nothing is linked, which keeps
// the corpus cheap to build.
//
// The language mode comes from WIDGET_CORPUS_SWIFT_MODE ("5" or "6", default 6): SwiftPM
// evaluates the manifest again when that variable changes, and only the corpus's own targets
// are compiled again; widgetdash keeps its own mode.
//
//     WIDGET_CORPUS_SWIFT_MODE=5 swift build --package-path Tests/WidgetCorpus --scratch-path .build/corpus

let widgetsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Widgets")
let files = FileManager.default

/// The widget folders that take part in the build, in order.
let folders = ((try? files.contentsOfDirectory(atPath: widgetsDirectory.path)) ?? [])
    .filter { !$0.hasPrefix(".") }
    .filter { !files.fileExists(atPath: widgetsDirectory.appendingPathComponent($0).appendingPathComponent("DISABLED").path) }
    .sorted()

/// A module name for a folder such as "07-weather-fetch": "Corpus07_weather_fetch".
func moduleName(_ folder: String) -> String {
    "Corpus" + String(folder.map { $0.isLetter || $0.isNumber ? $0 : "_" })
}

/// The target for one folder: its Swift files; a Resources folder is the target's bundle
/// (`Bundle.module`, where `Image("name")` looks); everything else (SOURCE.md) is left out.
func target(_ folder: String) -> Target {
    let directory = widgetsDirectory.appendingPathComponent(folder)
    let entries = (try? files.contentsOfDirectory(atPath: directory.path)) ?? []
    let hasResources = entries.contains("Resources")
    let excluded = entries.filter { !$0.hasSuffix(".swift") && $0 != "Resources" }
    return .target(
        name: moduleName(folder),
        dependencies: [.product(name: "WidgetDash", package: "widgetdash")],
        path: "Widgets/\(folder)",
        exclude: excluded,
        resources: hasResources ? [.copy("Resources")] : nil
    )
}

let languageMode: SwiftLanguageMode = ProcessInfo.processInfo.environment["WIDGET_CORPUS_SWIFT_MODE"] == "5" ? .v5 : .v6

let package = Package(
    name: "WidgetCorpus",
    platforms: [.macOS(.v15)],
    dependencies: [
        // widgetdash from the repository's root; named because a path dependency is otherwise
        // known by its directory's name, which depends on the checkout. The trait makes
        // `import WidgetDash` give FoundationNetworking (URLSession on Linux), as an
        // extension's package does.
        .package(name: "widgetdash", path: "../..", traits: ["FoundationNetworking"]),
    ],
    targets: folders.map(target),
    swiftLanguageModes: [languageMode]
)
