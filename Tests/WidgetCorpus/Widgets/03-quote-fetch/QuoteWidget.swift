import WidgetDash
import WidgetDash

struct Quote: Codable, Sendable {
    let content: String
    let author: String
}

struct QuoteEntry: TimelineEntry {
    let date: Date
    let quote: Quote
}

enum QuoteService {
    static let url = URL(string: "https://api.quotable.io/random")!

    static func fetch(completion: @escaping @Sendable (Quote?) -> Void) {
        let task = URLSession.shared.dataTask(with: url) { data, response, error in
            guard let data = data, error == nil,
                  let quote = try? JSONDecoder().decode(Quote.self, from: data) else {
                completion(nil)
                return
            }
            completion(quote)
        }
        task.resume()
    }
}

struct QuoteProvider: TimelineProvider {
    static let sample = Quote(content: "Simplicity is prerequisite for reliability.", author: "Edsger W. Dijkstra")

    func placeholder(in context: Context) -> QuoteEntry {
        QuoteEntry(date: Date(), quote: Self.sample)
    }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (QuoteEntry) -> ()) {
        if context.isPreview {
            completion(QuoteEntry(date: Date(), quote: Self.sample))
            return
        }
        QuoteService.fetch { quote in
            completion(QuoteEntry(date: Date(), quote: quote ?? Self.sample))
        }
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<QuoteEntry>) -> ()) {
        QuoteService.fetch { quote in
            let entry = QuoteEntry(date: Date(), quote: quote ?? Self.sample)
            let nextUpdate = Calendar.current.date(byAdding: .hour, value: 1, to: Date())!
            completion(Timeline(entries: [entry], policy: .after(nextUpdate)))
        }
    }
}

struct QuoteWidgetEntryView: View {
    var entry: QuoteProvider.Entry

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text("“\(entry.quote.content)”")
                .font(.body)
                .italic()
                .minimumScaleFactor(0.7)
            Spacer(minLength: 0)
            HStack {
                Spacer()
                Text("— \(entry.quote.author)")
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
        }
        .padding()
    }
}

struct QuoteWidget: Widget {
    let kind: String = "QuoteWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: QuoteProvider()) { entry in
            QuoteWidgetEntryView(entry: entry)
                .containerBackground(.background, for: .widget)
        }
        .configurationDisplayName("Quote of the Hour")
        .description("A fresh quote every hour.")
        .supportedFamilies([.systemMedium, .systemLarge])
    }
}
