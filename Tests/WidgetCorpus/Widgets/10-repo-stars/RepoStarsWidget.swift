import WidgetDash
import WidgetDash

struct Repository: Decodable, Sendable {
    let fullName: String
    let stargazersCount: Int
    let openIssuesCount: Int
}

struct RepoEntry: TimelineEntry {
    let date: Date
    let repository: Repository?
}

struct RepoProvider: TimelineProvider {
    func placeholder(in context: Context) -> RepoEntry {
        RepoEntry(date: Date(), repository: Repository(fullName: "apple/swift", stargazersCount: 67_000, openIssuesCount: 7_000))
    }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (RepoEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<RepoEntry>) -> Void) {
        Task {
            let repository = try? await fetchRepository()
            let entry = RepoEntry(date: Date(), repository: repository)
            let next = Date().addingTimeInterval(60 * 60)
            completion(Timeline(entries: [entry], policy: .after(next)))
        }
    }

    private func fetchRepository() async throws -> Repository {
        var request = URLRequest(url: URL(string: "https://api.github.com/repos/apple/swift")!)
        request.setValue("application/vnd.github+json", forHTTPHeaderField: "Accept")
        let (data, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw URLError(.badServerResponse) }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(Repository.self, from: data)
    }
}

struct RepoStarsEntryView: View {
    @Environment(\.widgetFamily) var family
    let entry: RepoEntry

    var body: some View {
        if let repository = entry.repository {
            switch family {
            case .accessoryCircular:
                ZStack {
                    AccessoryWidgetBackground()
                    VStack {
                        Image(systemName: "star.fill")
                        Text(repository.stargazersCount, format: .number.notation(.compactName))
                            .font(.caption)
                    }
                }
            default:
                VStack(alignment: .leading, spacing: 4) {
                    Text(repository.fullName)
                        .font(.headline)
                        .lineLimit(1)
                    Label {
                        Text(repository.stargazersCount, format: .number)
                    } icon: {
                        Image(systemName: "star.fill")
                    }
                    .foregroundStyle(.yellow)
                    Label("\(repository.openIssuesCount) open issues", systemImage: "exclamationmark.circle")
                        .font(.caption)
                        .foregroundStyle(.secondary)
                    Spacer()
                    Text("Updated \(entry.date, format: .dateTime.hour().minute())")
                        .font(.caption2)
                        .foregroundStyle(.tertiary)
                }
            }
        } else {
            Text("Can't reach GitHub")
                .font(.caption)
                .foregroundStyle(.secondary)
        }
    }
}

struct RepoStarsWidget: Widget {
    let kind = "RepoStarsWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: RepoProvider()) { entry in
            RepoStarsEntryView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Repository")
        .description("Stars and open issues of a repository.")
        .supportedFamilies([.systemSmall, .accessoryCircular])
    }
}
