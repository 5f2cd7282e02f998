import Foundation
import WidgetDash

/// A match in progress: ActivityKit's sports example as a widgetdash Live Activity.
///
/// `widgetdash activity start game --attributes '{"home":"Liverpool","away":"Arsenal"}' --state '{"homeScore":0,"awayScore":0,"period":1,"clock":"0:00"}'`
public struct GameAttributes: ActivityAttributes {
    public struct ContentState: Codable, Hashable, Sendable {
        public var homeScore: Int
        public var awayScore: Int
        /// The half, quarter or period, from 1.
        public var period: Int
        /// The game clock as the scoreboard shows it: "67:12".
        public var clock: String
        /// What just happened, in words.
        public var lastPlay: String?

        public init(homeScore: Int, awayScore: Int, period: Int, clock: String, lastPlay: String? = nil) {
            self.homeScore = homeScore
            self.awayScore = awayScore
            self.period = period
            self.clock = clock
            self.lastPlay = lastPlay
        }
    }

    public var home: String
    public var away: String

    public init(home: String, away: String) {
        self.home = home
        self.away = away
    }
}

/// The match's views: the lock screen card and the Dynamic Island.
public struct GameLiveActivity: Widget {
    public init() {}

    public var body: some WidgetConfiguration {
        ActivityConfiguration(for: GameAttributes.self) { context in
            GameCard(context: context)
        } dynamicIsland: { context in
            let s = context.state
            let a = context.attributes
            return DynamicIsland {
                DynamicIslandExpandedRegion(.leading) {
                    VStack(alignment: .leading, spacing: 0) {
                        Text(a.home).bold().lineLimit(1)
                        Text("\(s.homeScore)").font(.largeTitle)
                    }
                }
                DynamicIslandExpandedRegion(.trailing) {
                    VStack(alignment: .trailing, spacing: 0) {
                        Text(a.away).bold().lineLimit(1)
                        Text("\(s.awayScore)").font(.largeTitle)
                    }
                }
                DynamicIslandExpandedRegion(.center) {
                    Text(GameCard.periodLine(s)).foregroundStyle(.secondary).lineLimit(1)
                }
                DynamicIslandExpandedRegion(.bottom) {
                    if let play = s.lastPlay, !play.isEmpty {
                        Label(play, systemImage: "sportscourt").lineLimit(1)
                    }
                }
            } compactLeading: {
                Text("\(GameCard.abbreviation(a.home)) \(s.homeScore)").bold()
            } compactTrailing: {
                Text("\(s.awayScore) \(GameCard.abbreviation(a.away))").bold()
            } minimal: {
                Text("\(s.homeScore)–\(s.awayScore)").bold()
            }
            .keylineTint(.green)
        }
        .configurationDisplayName("Game")
        .description("A match's score. attributes {\"home\": String, \"away\": String}; state {\"homeScore\": Int, \"awayScore\": Int, \"period\": Int, \"clock\": String, \"lastPlay\": String?}")
        .previewContext(GameAttributes(home: "Liverpool", away: "Arsenal"),
                        state: .init(homeScore: 2, awayScore: 1, period: 2, clock: "67:12", lastPlay: "Goal! Salah heads in from the corner"))
    }
}

/// The match on the lock screen: teams and scores, the period and clock, the last play.
struct GameCard: View {
    let context: ActivityViewContext<GameAttributes>

    var body: some View {
        let s = context.state
        VStack(alignment: .leading, spacing: 0) {
            HStack(alignment: .center, spacing: 1) {
                Text(context.attributes.home).bold().lineLimit(1)
                Spacer(minLength: 1)
                Text("\(s.homeScore)").font(.largeTitle)
                Text("–").foregroundStyle(.secondary)
                Text("\(s.awayScore)").font(.largeTitle)
                Spacer(minLength: 1)
                Text(context.attributes.away).bold().lineLimit(1)
            }
            Text(Self.periodLine(s) + (context.isStale ? " · no update for a while" : "")).foregroundStyle(.secondary).lineLimit(1)
            if let play = s.lastPlay, !play.isEmpty {
                Label(play, systemImage: "sportscourt").lineLimit(2)
            }
        }
    }

    /// "2nd period · 67:12".
    static func periodLine(_ s: GameAttributes.ContentState) -> String {
        let n = s.period
        let suffix = (n % 100 >= 11 && n % 100 <= 13) ? "th" : n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th"
        return s.clock.isEmpty ? "\(n)\(suffix) period" : "\(n)\(suffix) period · \(s.clock)"
    }

    /// A scoreboard abbreviation: the first three letters, in capitals ("LIV").
    static func abbreviation(_ team: String) -> String {
        let letters = team.filter { $0.isLetter }
        return String((letters.isEmpty ? team : letters).prefix(3)).uppercased()
    }
}
