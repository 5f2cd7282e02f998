@testable import DashCatalog
import Foundation
import Testing
import WidgetDash

/// Every widget in every family it offers: the sample entry fits with nothing cut off.
@Suite("Rendering the built-in widgets")
struct RenderTests {
    static func context(_ family: WidgetFamily) -> TimelineProviderContext {
        TimelineProviderContext(family: family, isPreview: true)
    }

    static let clockFamilies = WidgetFamily.allCases
    static let calendarFamilies: [WidgetFamily] = [.systemSmall, .systemMedium, .systemLarge, .accessoryRectangular, .accessoryInline]
    static let systemFamilies: [WidgetFamily] = [.systemSmall, .systemMedium, .systemLarge, .accessoryCircular, .accessoryRectangular]

    @Test("The bundle lists clock, calendar, system, bank and health, in that order, with their families")
    func bundle() {
        let descriptions = BuiltinWidgets().widgetDescriptions
        // The gallery's order starts with the hero widgets; later issues add more after them.
        #expect(descriptions.map(\.kind).prefix(5) == ["clock", "calendar", "system", "bank", "health"])
        #expect(descriptions[0].supportedFamilies == Self.clockFamilies)
        #expect(descriptions[1].supportedFamilies == Self.calendarFamilies)
        #expect(descriptions[2].supportedFamilies == Self.systemFamilies)
        #expect(descriptions.allSatisfy { !$0.displayName.isEmpty && !$0.description.isEmpty })
    }

    @Test("Clock", arguments: clockFamilies)
    func clock(_ family: WidgetFamily) async {
        let entry = await ClockProvider(now: FixedClock(date: SampleData.date).now).snapshot(in: Self.context(family))
        let lines = Render.lines(kind: "clock", entry: entry, family)
        let text = lines.joined(separator: "\n")
        assertFits(lines, family)
        let expected: [String] = switch family {
        case .systemSmall: ["SUNDAY", "10:42:17", "22 November"]
        case .systemMedium: ["SUNDAY", "10:42:17", "22 November 2026", "Week 47", "Day 326"]
        case .systemLarge: ["SUNDAY", "10:42:17", "22 November 2026", "Week 47", "Tokyo", "19:42"]
        case .systemExtraLarge: ["SUNDAY", "10:42:17", "22 November 2026", "World clocks", "Kolkata", "16:12"]
        case .accessoryCircular: ["10:42"]
        case .accessoryRectangular: ["Sun", "22", "Nov"]
        case .accessoryInline: ["Sun 22 Nov · 10:42"]
        }
        for s in expected { #expect(text.contains(s), "\(family): missing \(s)\n\(Render.framed(lines))") }
        if family.isAccessory == false || family == .accessoryRectangular {
            // Hours and minutes are drawn in big digits: the "4" of 10:42 has its own shape.
            #expect(text.contains("└─┤"), "\(family): no big digits\n\(Render.framed(lines))")
        }
    }

    @Test("Calendar", arguments: calendarFamilies)
    func calendar(_ family: WidgetFamily) async {
        let entry = await CalendarProvider(now: FixedClock(date: SampleData.date).now).snapshot(in: Self.context(family))
        let lines = Render.lines(kind: "calendar", entry: entry, family)
        let text = lines.joined(separator: "\n")
        assertFits(lines, family)
        let expected: [String] = switch family {
        case .systemSmall: ["SUNDAY", "November 2026", "Week 47", "Sa Su Mo", "21 22 23"]
        case .systemMedium: ["SUNDAY", "November 2026", "Mo Tu We Th Fr Sa Su", "16 17 18 19 20 21 22", "30"]
        case .systemLarge: ["November 2026", "Sunday 22", "Wk", "47", "Day 326 · 39 days left", "Full moon"]
        case .accessoryRectangular: ["Sunday", "November", "Week 47"]
        case .accessoryInline: ["▦ Sunday, November 22"]
        default: []
        }
        for s in expected { #expect(text.contains(s), "\(family): missing \(s)\n\(Render.framed(lines))") }
    }

    @Test("System", arguments: systemFamilies)
    func system(_ family: WidgetFamily) async {
        let entry = await SystemProvider(now: FixedClock(date: SampleData.date).now).snapshot(in: Self.context(family))
        let lines = Render.lines(kind: "system", entry: entry, family)
        let text = lines.joined(separator: "\n")
        assertFits(lines, family)
        let expected: [String] = switch family {
        case .systemSmall: ["CPU", "23%", "Memory", "0.52 0.48 0.41", "up 3d 4h"]
        case .systemMedium: ["23%", "CPU", "MEM", "Load", "0.52 0.48 0.41", "3d 4h"]
        case .systemLarge: ["CPU", "23%", "8 cores", "Memory", "Swap", "0.52", "412"]
        case .accessoryCircular: ["23%"]
        case .accessoryRectangular: ["CPU", "MEM", "23%", "up 3d 4h"]
        default: []
        }
        for s in expected { #expect(text.contains(s), "\(family): missing \(s)\n\(Render.framed(lines))") }
    }

    @Test("System shows an error state in every family when /proc is missing", arguments: systemFamilies)
    func systemUnavailable(_ family: WidgetFamily) async throws {
        let provider = SystemProvider(now: FixedClock(date: SampleData.date).now, readFile: { _ in nil }, sampleInterval: .zero)
        let timeline = try await provider.timeline(in: TimelineProviderContext(family: family))
        let entry = try #require(timeline.entries.first)
        let lines = Render.lines(kind: "system", entry: entry, family)
        let text = lines.joined(separator: "\n")
        #expect(text.contains("⚠"), "\(family)\n\(Render.framed(lines))")
        if family != .accessoryCircular {
            #expect(text.contains("/proc/stat"), "\(family)\n\(Render.framed(lines))")
        }
    }

    @Test("Today is marked in the month grid in every rendering mode")
    func todayMark() async {
        let view = CalendarView(entry: CalendarEntry(date: SampleData.date))
        for mode in [WidgetRenderingMode.fullColor, .accented, .vibrant] {
            let canvas = ViewRenderer.render(view, size: WidgetFamily.systemMedium.contentSize,
                                             environment: Render.environment(.systemMedium, mode: mode), now: SampleData.date).canvas
            let row = (0..<canvas.height).first { canvas.line($0).contains("16 17 18 19 20 21 22") }
            guard let y = row, let today = canvas.line(y).ranges(of: "22").last else {
                Issue.record("no row with today in \(mode)")
                continue
            }
            // The last "22" on the grid's third row is today; the line has one cell per character.
            let x = canvas.line(y).distance(from: canvas.line(y).startIndex, to: today.lowerBound)
            let cell = canvas[x, y]
            #expect(cell.style.attributes.contains(.bold), "\(mode)")
            if mode == .fullColor { #expect(cell.style.background != .default) }
            else { #expect(cell.style.attributes.contains(.underline), "\(mode)") }
        }
    }

    private func assertFits(_ lines: [String], _ family: WidgetFamily, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(lines.count == family.contentSize.height, sourceLocation: sourceLocation)
        #expect(!lines.joined().contains("…"), "\(family): truncated\n\(Render.framed(lines))", sourceLocation: sourceLocation)
        #expect(lines.contains { !$0.trimmingCharacters(in: .whitespaces).isEmpty }, "\(family): empty", sourceLocation: sourceLocation)
    }
}
