// swift-tools-version:6.0
import PackageDescription

// A widget package for widgetdash: each executable is a widget extension (`@main` on a bundle,
// the WidgetDash product only), run by widgetdash in processes of its own (docs/extensions.md).
//
//     swift build --package-path Examples --product HabitWidgets
//     swift run widgetdash --extension Examples/.build/debug/HabitWidgets --widget habit@medium --widget clock@small
let package = Package(
    name: "Examples",
    platforms: [.macOS(.v15)],
    dependencies: [
        // widgetdash itself, from the directory above. The name is given because a path
        // dependency is otherwise known by its directory's name, which depends on the checkout.
        .package(name: "widgetdash", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "HabitWidgets",
            dependencies: [
                // The author API: what WidgetKit and SwiftUI are on iOS.
                .product(name: "WidgetDash", package: "widgetdash"),
            ]
        ),
        // A test fixture, not an example: widgets that trap and hang on purpose, for the
        // end-to-end tests of extension isolation (built here so CI builds one package).
        .executableTarget(
            name: "MisbehavingWidgets",
            dependencies: [.product(name: "WidgetDash", package: "widgetdash")]
        ),
        // A test fixture too: widgets that use the dashboard's services from their process
        // (shared defaults, the shared store, WidgetCenter, pictures from its resources).
        .executableTarget(
            name: "ServiceWidgets",
            dependencies: [.product(name: "WidgetDash", package: "widgetdash")],
            resources: [.copy("Resources/sun.png")]
        ),
        // A test fixture too: `@main` on a single widget.
        .executableTarget(
            name: "LoneWidget",
            dependencies: [.product(name: "WidgetDash", package: "widgetdash")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
