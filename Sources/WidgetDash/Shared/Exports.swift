// `import WidgetKit` on iOS brings Foundation with it, and widget code relies on that (`Date`,
// `URL`, `Calendar` without an import of their own).
@_exported import Foundation

// On Linux, `URLSession` and `URLRequest` live in FoundationNetworking, so network-fetching
// widgets compile as written only if it comes along too. It does for packages that enable the
// widgetdash dependency's "FoundationNetworking" trait (extensions do); not for the dashboard,
// which would otherwise load libcurl for nothing (see docs/DECISIONS.md, "import WidgetDash
// gives Foundation").
#if WIDGETDASH_EXPORTS_NETWORKING && canImport(FoundationNetworking)
@_exported import FoundationNetworking
#endif
