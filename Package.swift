// swift-tools-version:6.1
import CompilerPluginSupport
import PackageDescription

// The linker runs in no particular directory, so files it reads are named from the package's.
let packageDirectory = String(#filePath.dropLast("/Package.swift".count))

// Release builds on Linux put every function of the program's own modules in a section of its
// own, so the link can place the ones an idle dashboard runs together (idle.order, see the
// `widgetdash` target); without it a whole file's code moves with any one of its functions.
// SwiftPM refuses a versioned dependency whose products use unsafe flags, so a checkout made for
// another package (a widget extension's `.package(url:from:)`) builds without them: it links
// no dashboard of its own, so it loses nothing. See docs/DECISIONS.md.
let isDependencyCheckout = ["/checkouts/", "/registry/downloads/"].contains { packageDirectory.contains($0) }
// They also reach a concrete generic type's metadata through its accessor, not by demangling
// its name at run time: the demangler checks each generic requirement by scanning every
// conformance record in the binary, a seventh of what a one-shot command ran (`snapshot clock`:
// 59 M to 51 M instructions).
let releaseSwiftSettings: [SwiftSetting] = isDependencyCheckout ? [] : [
    .unsafeFlags(["-Xfrontend", "-function-sections", "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"],
                 .when(platforms: [.linux], configuration: .release)),
]
let cFunctionSections: [CSetting] = isDependencyCheckout ? [] : [
    .unsafeFlags(["-ffunction-sections"], .when(platforms: [.linux], configuration: .release)),
]

let package = Package(
    name: "widgetdash",
    platforms: [.macOS(.v15)],
    products: [
        // The author API: what a widget written for widgetdash imports, like WidgetKit.
        .library(name: "WidgetDash", targets: ["WidgetDash"]),
        // Built-in widgets, for hosts that want them.
        .library(name: "DashCatalog", targets: ["DashCatalog"]),
        // The whole program as a library, so a package of widgets can run the dashboard with its
        // own bundle added (`@main struct MyWidgets: WidgetBundle`); see Examples/.
        .library(name: "DashApp", targets: ["DashApp"]),
        .executable(name: "widgetdash", targets: ["widgetdash"]),
    ],
    traits: [
        // `import WidgetDash` also gives FoundationNetworking (URLSession on Linux) to a package
        // that enables this trait on its widgetdash dependency, as widget extensions and the
        // corpus do. It is off for the dashboard itself: an import links its library, and
        // FoundationNetworking brings libcurl and its TLS libraries (7 MB of idle memory in a
        // debug build; the static release build needs libcurl's development package to link)
        // that the dashboard never uses (docs/DECISIONS.md, "import WidgetDash gives Foundation").
        .trait(name: "FoundationNetworking", description: "import WidgetDash also re-exports FoundationNetworking (URLSession on Linux)"),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The shared store (SQLite in WAL mode); used by DashSystem only, never by the author API.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CNcursesw",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        // Picture decoding for the photos widget (see docs/DECISIONS.md): libpng and
        // libjpeg-turbo, wrapped by CImageCodec (C, so their longjmp errors stay in C) and
        // installed behind WidgetDash's ImageDecoding service by DashImages.
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CLibJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"])]),
        // The passcode's hash: crypt(5)'s yescrypt from libxcrypt (see docs/DECISIONS.md).
        .systemLibrary(name: "CCrypt", pkgConfig: "libcrypt", providers: [.apt(["libcrypt-dev"])]),
        // glibc's <malloc.h> (malloc_trim), which the Glibc module leaves out.
        .systemLibrary(name: "CMalloc"),
        // The compiler's prefetch, which Swift does not offer (the scheduler's next instances).
        .systemLibrary(name: "CPrefetch"),
        // glibc's posix_spawn action that closes every other descriptor, which the Glibc module
        // leaves out (ChildProcess: children get standard input, output and error only).
        .systemLibrary(name: "CSpawn"),
        .target(
            name: "CImageCodec",
            dependencies: ["CLibPNG", "CLibJPEG"],
            cSettings: cFunctionSections,
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("jpeg"), .linkedLibrary("m")]
        ),
        .target(name: "DashImages", dependencies: ["WidgetDash", "CImageCodec"], swiftSettings: releaseSwiftSettings),
        // Declares the Swift runtime's global-executor hooks, which DashSystem's
        // QuietGlobalExecutor fills (docs/DECISIONS.md, "Swift's global executor without
        // libdispatch's pool monitor").
        .target(name: "CConcurrencyHooks", cSettings: cFunctionSections),
        // `#Preview`: a compiler plugin that speaks the compiler's plugin protocol itself, without
        // swift-syntax (whose clean build every package building WidgetDash would pay), and the
        // C functions that find the `wd_previews` section its expansions register into
        // (docs/DECISIONS.md, "#Preview without swift-syntax").
        .macro(name: "WidgetDashMacros"),
        .target(name: "CWidgetDashPreviews", cSettings: cFunctionSections),
        .target(
            name: "WidgetDash",
            dependencies: ["WidgetDashMacros", "CWidgetDashPreviews"],
            swiftSettings: [.define("WIDGETDASH_EXPORTS_NETWORKING", .when(traits: ["FoundationNetworking"]))] + releaseSwiftSettings
        ),
        .target(name: "DashCatalog", dependencies: ["WidgetDash"], swiftSettings: releaseSwiftSettings),
        .target(name: "DashCore", dependencies: ["WidgetDash", "CPrefetch"], swiftSettings: releaseSwiftSettings),
        // The I/O around the core: the shared store, sockets, child processes, files.
        .target(
            name: "DashSystem",
            dependencies: [
                "DashCore", "WidgetDash", "CCrypt", "CConcurrencyHooks", "CMalloc", "CSpawn",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: releaseSwiftSettings
        ),
        .target(name: "DashTerminal", dependencies: ["DashCore", "WidgetDash", "CNcursesw"], swiftSettings: releaseSwiftSettings),
        .target(name: "DashTesting", dependencies: ["WidgetDash", "DashSystem"]),
        .target(
            name: "DashApp",
            dependencies: [
                "WidgetDash", "DashCatalog", "DashCore", "DashSystem", "DashTerminal", "DashImages",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: releaseSwiftSettings
        ),
        .executableTarget(
            name: "widgetdash",
            dependencies: ["DashApp"],
            exclude: ["idle.order", "static-libstdc++"],
            swiftSettings: releaseSwiftSettings,
            linkerSettings: [
                // The release binary is linked by lld with packed relative relocations (DT_RELR):
                // gold's 2 MB relocation table is read at every start and stays resident, and
                // the dashboard's memory target is 30 MB. lld ships with the Swift toolchain;
                // glibc has read DT_RELR since 2.36. Nothing looks symbols up in the program, so
                // it exports none: every library's lookups would otherwise search its 12,000.
                // The functions an idle dashboard runs go first (idle.order, written by
                // scripts/idle-order.sh), so they share a few code pages instead of touching
                // pages all over the text; names no longer in the program are skipped quietly.
                // libstdc++ (for the Swift runtime and ICU) is linked statically: the directory holds
                // a `libstdc++.so` that is a linker script naming `libstdc++.a`, found before the
                // compiler's shared one, so only the few functions used are in the binary instead
                // of a whole shared library and its symbol tables resident (0.8 MB at idle).
                // See docs/DECISIONS.md.
                .unsafeFlags(["-L", "\(packageDirectory)/Sources/widgetdash/static-libstdc++",
                              "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic",
                              "-Xlinker", "--symbol-ordering-file=\(packageDirectory)/Sources/widgetdash/idle.order",
                              "-Xlinker", "--no-warn-symbol-ordering"],
                             .when(platforms: [.linux], configuration: .release)),
            ]
        ),
        .testTarget(name: "WidgetDashTests", dependencies: ["WidgetDash", "DashTesting"], exclude: ["Goldens", "TOMLCompliance"]),
        .testTarget(
            name: "DashCatalogTests",
            dependencies: ["WidgetDash", "DashCatalog", "DashCore", "DashTesting"],
            exclude: ["Goldens"]
        ),
        // DashSystem only for the shell tests that edit a real config.toml.
        .testTarget(name: "DashCoreTests", dependencies: ["WidgetDash", "DashCatalog", "DashCore", "DashSystem", "DashTerminal", "DashTesting"], exclude: ["Goldens"]),
        .testTarget(name: "DashSystemTests", dependencies: ["WidgetDash", "DashCatalog", "DashCore", "DashSystem", "DashTesting"]),
        .testTarget(name: "EndToEndTests", dependencies: ["DashTesting"]),
        .testTarget(name: "DashImagesTests", dependencies: ["DashImages", "WidgetDash"], exclude: ["Fixtures"]),
        .testTarget(name: "DashTerminalTests", dependencies: ["DashTerminal", "DashCore", "WidgetDash", "DashTesting"]),
        .testTarget(name: "DashAppTests", dependencies: ["DashApp", "DashCatalog", "DashCore", "DashSystem", "DashTesting", "WidgetDash"]),
    ],
    swiftLanguageModes: [.v6]
)
