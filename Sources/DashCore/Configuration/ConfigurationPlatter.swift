import Foundation
import Synchronization
import WidgetDash

/// The configuration platter (`e`): one instance's parameters and values, edited in place.
///
/// Pure state driven by keys, drawn over the home screen. Up/Down choose a row, Enter edits it
/// (text and numbers in a field, booleans toggle, choices and entities in a picker that
/// filters as you type), `s` or Enter on Save saves, Esc backs out. Entity suggestions and
/// searches run as tasks whose answers wake the run loop; a newer search makes older answers
/// stale, so typing fast never shows the options of an earlier query.
public final class ConfigurationPlatter {
    /// What a key did.
    public enum Outcome: Equatable {
        case none
        case cancel
        /// Save these values (empty ones left out).
        case save([String: String])
    }

    /// What is being edited.
    public enum Editing: Equatable {
        case field(String)
        case picker(query: String, options: [WidgetParameter.Option], selected: Int)
    }

    public let instanceID: Int
    public let title: String
    public let parameters: [WidgetParameter]
    public private(set) var values: [String: String]
    /// The row chosen: a parameter, or `parameters.count` for Save.
    public private(set) var row = 0
    public private(set) var editing: Editing?
    /// Why the last value was refused (shown under the rows).
    public private(set) var message: String?

    private let answers = PlatterAnswers()
    private let waker: (@Sendable () -> Void)?
    private var serial = 0
    private var tasks: [Task<Void, Never>] = []
    /// Bound around the option queries, which are widget code.
    private let services: WidgetServices

    public init(instanceID: Int, title: String, parameters: [WidgetParameter], values: [String: String], waker: (@Sendable () -> Void)? = nil,
                services: WidgetServices = .current) {
        self.services = services
        self.instanceID = instanceID
        self.title = title
        self.parameters = parameters
        var filled = values
        for p in parameters where filled[p.name] == nil { filled[p.name] = p.defaultValue ?? "" }
        self.values = filled
        self.waker = waker
    }

    /// Takes in search answers that arrived; true when something changed on screen.
    public func advance() -> Bool {
        let arrived = answers.items.withLock { let all = $0; $0.removeAll(); return all }
        guard let latest = arrived.filter({ $0.serial == serial }).last,
              case .picker(let query, _, _) = editing else { return false }
        editing = .picker(query: query, options: latest.options, selected: 0)
        return true
    }

    /// Waits for searches in flight (tests).
    public func settle() async {
        let running = tasks
        tasks.removeAll()
        for t in running { await t.value }
        _ = advance()
    }

    // MARK: Keys

    public func handle(_ key: Key) -> Outcome {
        message = nil
        switch editing {
        case .field(let text): return handleField(key, text: text)
        case .picker(let query, let options, let selected): return handlePicker(key, query: query, options: options, selected: selected)
        case nil: break
        }
        switch key {
        case .escape, .character("q"): return .cancel
        case .up, .character("k"), .backTab: row = (row + parameters.count) % (parameters.count + 1)
        case .down, .character("j"), .tab: row = (row + 1) % (parameters.count + 1)
        case .character("s"): return save()
        case .enter, .character(" "):
            guard parameters.indices.contains(row) else { return save() }
            let p = parameters[row]
            let current = values[p.name] ?? ""
            switch p.kind {
            case .boolean:
                values[p.name] = String(!(WidgetParameter.boolean(from: current) ?? false))
            case .choice, .entity:
                openPicker(query: "")
            default:
                editing = .field(current)
            }
        default: break
        }
        return .none
    }

    private func save() -> Outcome {
        for p in parameters {
            if let problem = p.problem(with: values[p.name] ?? "") {
                message = "\(p.title): \(problem)"
                return .none
            }
        }
        return .save(values.filter { !$0.value.isEmpty })
    }

    private func handleField(_ key: Key, text: String) -> Outcome {
        let p = parameters[row]
        switch key {
        case .escape: editing = nil
        case .backspace, .delete: editing = .field(String(text.dropLast()))
        case .enter:
            if let problem = p.problem(with: text) { message = problem } else {
                values[p.name] = text
                editing = nil
            }
        case .character(let c): editing = .field(text + String(c))
        default: break
        }
        return .none
    }

    private func handlePicker(_ key: Key, query: String, options: [WidgetParameter.Option], selected: Int) -> Outcome {
        switch key {
        case .escape: editing = nil
        case .up: editing = .picker(query: query, options: options, selected: max(0, selected - 1))
        case .down: editing = .picker(query: query, options: options, selected: min(max(0, options.count - 1), selected + 1))
        case .enter:
            if options.indices.contains(selected) {
                values[parameters[row].name] = options[selected].value
                editing = nil
            }
        case .backspace, .delete: openPicker(query: String(query.dropLast()))
        case .character(let c): openPicker(query: query + String(c))
        default: break
        }
        return .none
    }

    /// Shows the options for `query`: choices filtered at once; entities searched by a task.
    private func openPicker(query: String) {
        let p = parameters[row]
        switch p.kind {
        case .choice(let all):
            let shown = query.isEmpty ? all : all.filter { Self.matches($0, query) }
            editing = .picker(query: query, options: shown, selected: 0)
        default:
            // Until the answer comes, keep filtering what is shown so the list narrows at once.
            var shown: [WidgetParameter.Option] = []
            if case .picker(_, let options, _) = editing { shown = options.filter { Self.matches($0, query) } }
            editing = .picker(query: query, options: shown, selected: 0)
            guard let source = p.source else { return }
            serial += 1
            let mine = serial
            let answers = self.answers
            let waker = self.waker
            let services = self.services
            tasks.append(Task.detached {
                let options = (try? await services.bind { try await (query.isEmpty ? source.suggestions() : source.search(query)) }) ?? []
                answers.items.withLock { $0.append((mine, options)) }
                waker?()
            })
        }
    }

    static func matches(_ option: WidgetParameter.Option, _ query: String) -> Bool {
        option.title.localizedCaseInsensitiveContains(query) || option.value.localizedCaseInsensitiveContains(query)
    }

    // MARK: Drawing

    /// The platter centred on `screen`.
    public func draw(into screen: inout Canvas, palette: Palette) {
        let width = min(screen.width, 60)
        var lines: [(String, Bool)] = []
        for (i, p) in parameters.enumerated() {
            let value = values[p.name] ?? ""
            let shown = value.isEmpty ? "—" : Self.display(value, of: p)
            lines.append(((row == i ? "› " : "  ") + p.title + ": " + shown, row == i && editing == nil))
        }
        lines.append(((row == parameters.count ? "› " : "  ") + "[ Save ]", row == parameters.count && editing == nil))
        switch editing {
        case .field(let text):
            lines.append(("", false))
            lines.append(("  " + parameters[row].title + ": " + text + "▏", false))
        case .picker(let query, let options, let selected):
            lines.append(("", false))
            lines.append(("  Search: " + query + "▏", false))
            let room = max(1, min(8, screen.height - lines.count - 8))
            let first = max(0, min(selected - room / 2, options.count - room))
            for (i, o) in options.enumerated().dropFirst(first).prefix(room) {
                lines.append(((i == selected ? "  ▸ " : "    ") + o.title + (o.subtitle.map { "  " + $0 } ?? ""), i == selected))
            }
            if options.isEmpty { lines.append(("    (no matches)", false)) }
        case nil: break
        }
        if let message { lines.append(("  ⚠ " + message, false)) }
        lines.append(("", false))
        lines.append((editing == nil ? "  ↑↓ choose  Enter edit  s save  Esc cancel" : "  type to filter  ↑↓ choose  Enter set  Esc back", false))
        let height = min(screen.height, lines.count + 3)
        let rect = CellRect(x: max(0, (screen.width - width) / 2), y: max(0, (screen.height - height) / 2), width: width, height: height)
        let body = CellStyle(foreground: palette.primary, background: palette.widgetBackground)
        screen.fill(rect, style: body)
        screen.drawBox(rect, border: .rounded, style: CellStyle(foreground: palette.focusedBorder), title: "Configure " + title,
                       titleStyle: CellStyle(foreground: palette.focusedBorder, attributes: .bold))
        screen.withClip(rect.inset(by: 1)) { s in
            for (i, (line, highlighted)) in lines.enumerated() {
                var style = body
                if highlighted { style.attributes.insert(.reverse) }
                s.write(TextSanitizer.sanitize(line, keepNewlines: false), x: rect.x + 2, y: rect.y + 2 + i, style: style)
            }
        }
    }

    /// A value as the person reads it: a choice's title, else the text.
    static func display(_ value: String, of p: WidgetParameter) -> String {
        if case .choice(let options) = p.kind, let o = options.first(where: { $0.value == value }) { return o.title }
        return value
    }
}

/// Where search tasks leave their options for the run loop.
final class PlatterAnswers: Sendable {
    let items = Mutex<[(serial: Int, options: [WidgetParameter.Option])]>([])
}
