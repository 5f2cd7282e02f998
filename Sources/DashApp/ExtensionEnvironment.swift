import DashSystem
import Foundation
import WidgetDash

extension KnownWidgets {
    /// These widgets with those of the extensions named in `WIDGETDASH_EXTENSIONS` (paths
    /// separated by ":") after them; a kind already taken is left out with a message.
    ///
    /// A stopgap that lets the extension runtime be tested end to end before `--extension`
    /// and the catalog's merging land; it goes when they do.
    func addingEnvironmentExtensions() -> KnownWidgets {
        guard let list = ProcessInfo.processInfo.environment["WIDGETDASH_EXTENSIONS"], !list.isEmpty else { return self }
        var known = self
        for path in list.split(separator: ":") {
            do {
                let loaded = try ExtensionLoader.load(path: String(path))
                for widget in loaded.widgets {
                    if known.widgets.contains(where: { $0.kind == widget.kind }) {
                        printError("extension \(loaded.path): kind \"\(widget.kind)\" is already taken; it is left out")
                    } else {
                        known.widgets.append(widget)
                    }
                }
            } catch {
                printError("\(error)")
            }
        }
        return known
    }
}
