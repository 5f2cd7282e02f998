import WidgetDash

/// The commented example config `widgetdash config init` writes.
public enum ConfigTemplate {
    /// The example, with `pages` and `lockScreen` (the built-in defaults) written out so that
    /// the file starts as exactly what widgetdash shows without one.
    public static func text(pages: [[PagePlacement]], lockScreen: [WidgetPlacement]) -> String {
        var out = """
        # widgetdash configuration (TOML). `widgetdash config check` validates it; the
        # dashboard reloads it whenever it is saved.

        # The theme: a name from `widgetdash themes` or a path to a .toml theme file.
        theme = "dark"
        # scheme = "light"            # light or dark

        [scheduler]
        budget = 60                   # budgeted reloads per widget per rolling 24 hours
        jitter = "1m"                 # widest random delay of .after reloads ("30s", "5m", 0)

        [lock]
        # auto_lock = "10m"           # lock after this long without a key
        # Accessory widgets on the lock screen (the passcode lives in its own file:
        # `widgetdash passcode set`).
        screen = [

        """
        for p in lockScreen { out += "  \"\(p)\",\n" }
        out += """
        ]

        [activities]
        max = 5                       # Live Activities running at once (widgetdash activity start)

        # Each [[page]] is one home screen page. A placement is KIND@FAMILY, with
        # families small, medium, large, extraLarge, circular, rectangular, inline;
        # `widgetdash list` shows the kinds. A Smart Stack is up to 10 widgets of one
        # family separated by |, e.g. "clock@small | calendar@small"; < and > rotate it.
        # Configurable widgets take parameters: "KIND@FAMILY:key=value,key=value".
        # The gallery (g) adds widgets to these lists without touching your comments.

        """
        for page in pages {
            out += "[[page]]\nwidgets = [\n"
            for slot in page { out += "  \"\(slot)\",\n" }
            out += "]\n\n"
        }
        out += """
        # Widgets defined here rather than built in (command and data widgets):
        # [[widget]]
        # name = "uptime"             # the KIND pages place it by: "uptime@small"
        # type = "command"            # or "data" (style, key and the style's options)
        # command = "uptime -p | sed 's/up //'"
        # every = "5m"

        """
        return out
    }
}
