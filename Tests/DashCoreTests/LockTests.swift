import DashCatalog
@testable import DashCore
import DashTesting
import Foundation
import Testing
import WidgetDash

/// The lock under a manual clock: masking, protected placeholders, deferred reloads, the one
/// exempt reload at unlock, themes without budget, the passcode prompt and auto-lock.
@Suite struct LockTests {
    static let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
    static let size = CellSize(width: 100, height: 30)

    func dashboard(clock: ManualClock, passcode: PasscodeHash? = nil, autoLock: TimeInterval? = nil) async -> Dashboard {
        var env = EnvironmentValues()
        env.timeZone = Self.utc
        let options = PresentationOptions(
            passcode: passcode, autoLockAfter: autoLock,
            lockScreen: [WidgetPlacement(kind: "bank", family: .accessoryInline),
                         WidgetPlacement(kind: "health", family: .accessoryCircular)])
        let d = Dashboard(widgets: BuiltinWidgets().widgetDescriptions,
                          placements: [WidgetPlacement(kind: "bank", family: .systemSmall), WidgetPlacement(kind: "health", family: .systemSmall)],
                          clock: clock, environment: env, presentation: options)
        _ = d.handle(.resize(Self.size))
        await d.settle()
        d.advance()
        return d
    }

    func text(_ d: Dashboard) -> String { d.render(size: Self.size).lines.joined(separator: "\n") }

    @Test func lockMasksPrivateAndProtectedContentThenUnlockRestoresIt() async {
        let d = await dashboard(clock: ManualClock(t0))
        let home = text(d)
        #expect(home.contains("$128.45"))
        #expect(home.contains("6,842"))

        _ = d.handle(.key(.character("l")))
        #expect(d.isLocked)
        let locked = d.render(size: Self.size).lines
        let lockedText = locked.joined(separator: "\n")
        #expect(!lockedText.contains("$128.45"))
        #expect(!lockedText.contains("6,842"))
        #expect(!lockedText.contains("┌ Bank"), "home panels are hidden")
        #expect(lockedText.contains("Everyday ▒▒▒▒▒▒▒"), "the inline bank accessory is masked, same width")
        #expect(locked.last?.contains("locked") == true)
        #expect(lockedText.contains("l to unlock"))

        _ = d.handle(.key(.character("l")))
        #expect(!d.isLocked)
        #expect(text(d).contains("$128.45"))
    }

    @Test func protectedPanelShowsItsPlaceholderWhileLocked() {
        guard let health = BuiltinWidgets().widgetDescriptions.first(where: { $0.kind == "health" }) else {
            Issue.record("no health widget")
            return
        }
        let entry = HealthEntry.sample(at: t0)
        let panel = WidgetPanel(description: health, family: .systemSmall)
        let open = panel.render(entry: entry, environment: EnvironmentValues(), now: t0).canvas.lines.joined()
        let locked = panel.render(entry: entry, environment: EnvironmentValues(), now: t0, locked: true).canvas.lines.joined()
        #expect(open.contains("6,842"))
        #expect(!locked.contains("6,842") && !locked.contains("5,000"), "the placeholder is drawn redacted")
        #expect(locked.contains("▒"))
    }

    @Test func protectedReloadsWaitForUnlockThenOneExemptUnlockReload() async throws {
        let clock = ManualClock(t0)
        let d = await dashboard(clock: clock)
        let healthID = try #require(d.instances.first { $0.description.kind == "health" && !$0.family.isAccessory }?.id)
        let before = try #require(d.instance(at: healthID)?.lastReload)
        let spentBefore = try #require(d.scheduler.info(for: healthID, at: clock.now())?.budgetSpent)

        _ = d.handle(.key(.character("l")))
        // The health provider asks again after 15 minutes; locked, that reload must wait.
        clock.advance(by: 20 * 60)
        d.advance()
        await d.settle()
        #expect(d.instance(at: healthID)?.lastReload?.at == before.at, "no reload while locked")
        #expect(d.scheduler.info(for: healthID, at: clock.now())?.deferral == .locked)
        #expect(d.scheduler.info(for: healthID, at: clock.now())?.inFlight == nil)

        clock.advance(by: 60)
        _ = d.handle(.key(.character("l")))
        await d.settle()
        let after = try #require(d.instance(at: healthID)?.lastReload)
        #expect(after.reason == .unlock)
        #expect(after.at == clock.now())
        #expect(d.scheduler.info(for: healthID, at: clock.now())?.budgetSpent == spentBefore, "the unlock reload is exempt")
        // Exactly one: nothing else is in flight or waiting.
        #expect(d.scheduler.info(for: healthID, at: clock.now())?.inFlight == nil)
        #expect(d.scheduler.info(for: healthID, at: clock.now())?.deferral == nil)
    }

    @Test func themeChangesRedrawWithoutSpendingBudget() async throws {
        let clock = ManualClock(t0)
        let d = await dashboard(clock: clock)
        let spent = d.instances.compactMap { d.scheduler.info(for: $0.id, at: clock.now())?.budgetSpent }
        #expect(d.environment.colorScheme == .dark)
        let darkBackground = d.environment.palette.background

        _ = d.handle(.key(.character("t")))
        #expect(d.environment.colorScheme == .light)
        #expect(d.presentation.theme.name == "light")
        #expect(d.environment.palette.background != darkBackground)
        #expect(d.needsDisplay)
        let screen = d.render(size: Self.size)
        #expect(screen[0, 0].style.background == d.environment.palette.background)
        #expect(screen.lines.last?.contains("Theme: Light") == true)

        await d.settle()
        for instance in d.instances { #expect(instance.lastReload?.reason == .appearance, "\(instance.description.kind)") }
        #expect(d.instances.compactMap { d.scheduler.info(for: $0.id, at: clock.now())?.budgetSpent } == spent)

        _ = d.handle(.key(.character("T")))
        #expect(d.presentation.theme.name == "high-contrast")
        #expect(d.environment.colorScheme == .light, "the scheme is kept where the theme has it")
    }

    @Test func passcodePromptMasksInputAndDelaysWrongAttempts() async {
        let clock = ManualClock(t0)
        let hash = PasscodeHash.make("2468", salt: Array("salty".utf8), iterations: 50)
        let d = await dashboard(clock: clock, passcode: hash)
        _ = d.handle(.key(.character("l")))
        #expect(d.isLocked)
        _ = d.handle(.key(.character("l")))   // opens the prompt
        #expect(d.presentation.lock.prompt != nil)
        for c in "1357" { _ = d.handle(.key(.character(c))) }
        let typed = text(d)
        #expect(typed.contains("Enter passcode"))
        #expect(typed.contains("●●●●"))
        #expect(!typed.contains("1357"))
        _ = d.handle(.key(.enter))
        // The check runs off the loop; until it answers the prompt says so and takes no keys.
        #expect(text(d).contains("Checking"))
        _ = d.handle(.key(.character("9")))
        await d.settlePasscodeCheck()
        #expect(d.isLocked)
        #expect(d.presentation.lock.failures == 1)
        // During the wait, typing is refused.
        for c in "2468" { _ = d.handle(.key(.character(c))) }
        _ = d.handle(.key(.enter))
        #expect(d.isLocked)
        #expect(text(d).contains("try again in 1s"))
        #expect(d.secondsUntilNextDeadline().map { $0 <= 1 } == true)

        clock.advance(by: 1)
        d.advance()
        for c in "2468" { _ = d.handle(.key(.character(c))) }
        _ = d.handle(.key(.enter))
        await d.settlePasscodeCheck()
        #expect(!d.isLocked)
        #expect(text(d).contains("$128.45"))
    }

    @Test func escapeAbandonsAPasscodeCheckInFlight() async {
        let hash = PasscodeHash.make("2468", salt: Array("salty".utf8), iterations: 50)
        let d = await dashboard(clock: ManualClock(t0), passcode: hash)
        _ = d.handle(.key(.character("l")))
        _ = d.handle(.key(.character("l")))
        for c in "2468" { _ = d.handle(.key(.character(c))) }
        _ = d.handle(.key(.enter))
        _ = d.handle(.key(.escape))
        #expect(d.presentation.lock.prompt == nil)
        // The right passcode's answer arrives after Esc: it must not unlock.
        await d.settlePasscodeCheck()
        #expect(d.isLocked)
        #expect(d.presentation.lock.failures == 0)
    }

    @Test func wrongAttemptDelaysGrow() {
        #expect((1...8).map { LockController.delay(afterFailures: $0) } == [1, 2, 4, 8, 16, 32, 60, 60])
    }

    @Test func autoLockAfterIdleMinutes() async {
        let clock = ManualClock(t0)
        let d = await dashboard(clock: clock, autoLock: 5 * 60)
        clock.advance(by: 4 * 60)
        _ = d.handle(.key(.character("x")))   // activity resets the idle time
        clock.advance(by: 4 * 60)
        d.advance()
        #expect(!d.isLocked)
        #expect(d.secondsUntilNextDeadline().map { $0 <= 60 } == true)
        clock.advance(by: 61)
        d.advance()
        #expect(d.isLocked)
    }

    @Test func keysOtherThanLockAndThemeDoNothingWhileLocked() async {
        let d = await dashboard(clock: ManualClock(t0))
        _ = d.handle(.key(.character("l")))
        _ = d.handle(.key(.character("i")))
        #expect(!d.showsInspector)
        _ = d.handle(.key(.tab))
        #expect(d.focus.focused == nil)
        guard case .quit = d.handle(.key(.character("q"))) else {
            Issue.record("q must still quit while locked")
            return
        }
    }

    @Test func lockScreenGolden() async {
        let d = await dashboard(clock: ManualClock(t0))
        _ = d.handle(.key(.character("l")))
        let lines = d.render(size: CellSize(width: 80, height: 24)).lines
        // The status line's clock belongs to the scheduler's owners; the lock screen is the rest.
        Golden.assertMatches(Array(lines.dropLast()), named: "lock-screen")
        #expect(lines.last?.contains("■ locked") == true)
    }
}
