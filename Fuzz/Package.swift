// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for widgetdash's parsers of outside input (docs/fuzzing.md). A package of
// its own so `swift build` / `swift test` never build it; `scripts/fuzz` builds it with
// AddressSanitizer and libFuzzer's coverage in .build-fuzz, links libFuzzer, and runs one
// target per FUZZ_TARGET.
let package = Package(
    name: "WidgetdashFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "widgetdash", path: ".."),
    ],
    targets: [
        // Declares libFuzzer's LLVMFuzzerRunDriver for the program's own `main`.
        .target(name: "CFuzzDriver"),
        .executableTarget(
            name: "WidgetdashFuzz",
            dependencies: ["CFuzzDriver", .product(name: "DashApp", package: "widgetdash")],
            // Its `main` is a @_cdecl function (FuzzTarget.swift), not top-level code.
            swiftSettings: [.unsafeFlags(["-parse-as-library"])],
            // gold stops with an internal error on the sanitized objects; lld ships with Swift.
            linkerSettings: [.unsafeFlags(["-use-ld=lld"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
