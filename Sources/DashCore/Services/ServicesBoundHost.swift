import WidgetDash

/// A host whose every call runs with the services bound: what `run` gives the terminal loop.
///
/// The loop runs on a thread of its own, which inherits no task-local, and some widget code
/// runs right there rather than in a task: a control's preview value, a placeholder, a view's
/// body. Bound here, those read the same store as the providers and intents do (which the
/// dashboard binds itself, in the detached tasks it starts).
public final class ServicesBoundHost: InteractiveHost {
    public let host: any InteractiveHost
    public let services: WidgetServices

    public init(_ host: any InteractiveHost, services: WidgetServices) {
        self.host = host
        self.services = services
    }

    public func attach(waker: @escaping @Sendable () -> Void) { services.bind { host.attach(waker: waker) } }
    public func attach(_ link: LoopLink) { services.bind { host.attach(link) } }
    public func secondsUntilNextTick() -> Double? { services.bind { host.secondsUntilNextTick() } }
    public func handle(_ event: InputEvent) -> HostAction { services.bind { host.handle(event) } }
    public func advance() { services.bind { host.advance() } }
    public func secondsUntilNextDeadline() -> Double? { services.bind { host.secondsUntilNextDeadline() } }
    public var needsDisplay: Bool { services.bind { host.needsDisplay } }
    public func render(size: CellSize) -> Canvas { services.bind { host.render(size: size) } }
    public func takeBell() -> Bool { host.takeBell() }
}
