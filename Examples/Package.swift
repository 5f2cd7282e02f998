// swift-tools-version:6.0
import PackageDescription

// A widget extension for widgetdash: one executable whose `@main` is a `WidgetBundle`, as on
// iOS. Running it runs the whole of widgetdash with this bundle's widgets added.
//
//     swift run --package-path Examples HabitWidgets --widget habit@medium --widget clock@small
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
                // The dashboard program, which `@main` on the bundle runs.
                .product(name: "DashApp", package: "widgetdash"),
            ]
        ),
        // A test fixture, not an example: widgets that trap and hang on purpose, for the
        // end-to-end tests of extension isolation (built here so CI builds one package).
        .executableTarget(
            name: "MisbehavingWidgets",
            dependencies: [.product(name: "WidgetDash", package: "widgetdash")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
