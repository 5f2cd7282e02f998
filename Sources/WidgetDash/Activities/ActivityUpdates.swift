import Foundation

/// How an activity is updated from a server, as ActivityKit's `PushType`. widgetdash has no
/// push service: an activity asked for with a push type runs as any other, and its push token
/// sequence is empty.
public struct PushType: Hashable, Sendable {
    let channel: String?
    /// Updates sent to the activity's own push token.
    public static let token = PushType(channel: nil)
    /// Updates broadcast on a channel.
    public static func channel(_ id: String) -> PushType { PushType(channel: id) }
}

/// Whether the person allows Live Activities, as ActivityKit's `ActivityAuthorizationInfo`:
/// they are enabled wherever a host runs them (``ActivitySystem``).
public struct ActivityAuthorizationInfo: Sendable {
    private let system: ActivitySystem

    public init() { system = .shared }

    /// True when a host here runs Live Activities.
    public var areActivitiesEnabled: Bool { system.current != nil }
    /// widgetdash has no push service, so no frequent pushes either.
    public var frequentPushesEnabled: Bool { false }

    /// The enablement now, then nothing: the host does not turn activities off while it runs.
    public var activityEnablementUpdates: AsyncStream<Bool> { .just(areActivitiesEnabled) }
    /// The same as ``activityEnablementUpdates`` for frequent pushes.
    public var frequentPushEnablementUpdates: AsyncStream<Bool> { .just(false) }
}

extension AlertConfiguration {
    /// The sound an alert plays, as ActivityKit's `AlertConfiguration.AlertSound`; a terminal
    /// alert is silent, so it is accepted and not played.
    public struct AlertSound: Hashable, Sendable {
        let name: String?
        public static let `default` = AlertSound(name: nil)
        public static func named(_ name: String) -> AlertSound { AlertSound(name: name) }
    }

    /// `AlertConfiguration(title:body:sound:)`, as iOS writes it.
    public init(title: LocalizedStringResource, body: LocalizedStringResource, sound: AlertSound) {
        self.init(title: title, body: body)
    }
}

extension Activity {
    /// Starts a Live Activity that a server would update (`pushType: .token`); widgetdash has no
    /// push service, so the push type is accepted and the activity runs as any other.
    public static func request(attributes: Attributes, content: ActivityContent<Attributes.ContentState>,
                               pushType: PushType?) throws -> Activity<Attributes> {
        try request(attributes: attributes, content: content, start: nil)
    }

    /// The iOS 16.1 form: a state without a stale date.
    public static func request(attributes: Attributes, contentState: Attributes.ContentState,
                               pushType: PushType? = nil) throws -> Activity<Attributes> {
        try request(attributes: attributes, content: ActivityContent(state: contentState, staleDate: nil), start: nil)
    }

    /// The iOS 16.1 form of ``update(_:alertConfiguration:)``.
    public func update(using contentState: Attributes.ContentState, alertConfiguration: AlertConfiguration? = nil) async {
        await update(ActivityContent(state: contentState, staleDate: nil), alertConfiguration: alertConfiguration)
    }

    /// The iOS 16.1 form of ``end(_:dismissalPolicy:)``.
    public func end(using contentState: Attributes.ContentState? = nil, dismissalPolicy: ActivityUIDismissalPolicy = .default) async {
        await end(contentState.map { ActivityContent(state: $0, staleDate: nil) }, dismissalPolicy: dismissalPolicy)
    }

    /// The push token a server would use; there is none without a push service.
    public var pushToken: Data? { nil }

    /// The activity's push tokens: none, so the sequence ends at once (there is no push service).
    public var pushTokenUpdates: AsyncStream<Data> { .finished }

    /// Tokens to start activities of this type from a server: none, as with ``pushTokenUpdates``.
    public static var pushToStartTokenUpdates: AsyncStream<Data> { .finished }

    /// The activity's state now, then each change, ending after `dismissed`.
    ///
    /// The host tells an extension nothing by itself, so the sequence reads the state again
    /// every second while someone waits on it.
    public var activityStateUpdates: AsyncStream<ActivityState> {
        changes(of: { $0.activityState }, until: { $0 == .dismissed })
    }

    /// The activity's content now, then each change, ending when the activity is dismissed.
    public var contentUpdates: AsyncStream<ActivityContent<Attributes.ContentState>> {
        changes(of: { $0.content }, until: { [self] _ in activityState == .dismissed })
    }

    /// Activities of this type as they start: those running now, then none (the host does not
    /// announce new ones to an extension).
    public static var activityUpdates: AsyncStream<Activity<Attributes>> {
        AsyncStream { continuation in
            for activity in activities { continuation.yield(activity) }
            continuation.finish()
        }
    }

    private func changes<T: Equatable & Sendable>(of read: @escaping @Sendable (Activity) -> T,
                                                  until isLast: @escaping @Sendable (T) -> Bool) -> AsyncStream<T> {
        AsyncStream { continuation in
            let task = Task { [self] in
                var last: T?
                while !Task.isCancelled {
                    refresh()
                    let now = read(self)
                    if now != last { continuation.yield(now) }
                    last = now
                    if isLast(now) { break }
                    try? await Task.sleep(for: .seconds(1))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

extension AsyncStream where Element: Sendable {
    /// A sequence of one element.
    static func just(_ element: Element) -> AsyncStream<Element> {
        AsyncStream { continuation in
            continuation.yield(element)
            continuation.finish()
        }
    }

    /// A sequence that ends at once.
    static var finished: AsyncStream<Element> { AsyncStream { $0.finish() } }
}
