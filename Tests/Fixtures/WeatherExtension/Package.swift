// swift-tools-version:6.0
import PackageDescription

// A widget extension for the catalog's end-to-end test: two widgets, one of whose kinds
// ("clock") a built-in already has, so widgetdash lists it as "weather.clock". Depends on
// WidgetDash alone, as an extension does; the executable's name ("weather") is the
// extension's name.
let package = Package(
    name: "WeatherExtension",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "widgetdash", path: "../../.."),
    ],
    targets: [
        .executableTarget(name: "weather", dependencies: [.product(name: "WidgetDash", package: "widgetdash")]),
    ],
    swiftLanguageModes: [.v6]
)
