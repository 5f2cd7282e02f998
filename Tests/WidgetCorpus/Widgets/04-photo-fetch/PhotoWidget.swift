import WidgetDash
import WidgetDash

struct PhotoEntry: TimelineEntry {
    let date: Date
    let image: UIImage?
    let caption: String
}

struct PhotoProvider: TimelineProvider {
    private let imageURL = URL(string: "https://picsum.photos/400")!

    func placeholder(in context: Context) -> PhotoEntry {
        PhotoEntry(date: Date(), image: nil, caption: "Photo of the day")
    }

    func getSnapshot(in context: Context, completion: @escaping (PhotoEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<PhotoEntry>) -> Void) {
        Task {
            let entry = await loadEntry()
            let refresh = Calendar.current.date(byAdding: .minute, value: 30, to: Date()) ?? Date()
            completion(Timeline(entries: [entry], policy: .after(refresh)))
        }
    }

    private func loadEntry() async -> PhotoEntry {
        do {
            let (data, _) = try await URLSession.shared.data(from: imageURL)
            return PhotoEntry(date: Date(), image: UIImage(data: data), caption: "Photo of the day")
        } catch {
            return PhotoEntry(date: Date(), image: nil, caption: "No connection")
        }
    }
}

struct PhotoWidgetView: View {
    let entry: PhotoEntry

    var body: some View {
        ZStack(alignment: .bottomLeading) {
            if let image = entry.image {
                Image(uiImage: image)
                    .resizable()
                    .aspectRatio(contentMode: .fill)
            } else {
                Color.gray
                Image(systemName: "photo")
                    .imageScale(.large)
                    .foregroundColor(.white)
            }
            Text(entry.caption)
                .font(.caption)
                .foregroundColor(.white)
                .padding(6)
                .shadow(radius: 2)
        }
    }
}

struct PhotoWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "PhotoWidget", provider: PhotoProvider()) { entry in
            PhotoWidgetView(entry: entry)
                .containerBackground(for: .widget) { Color.black }
        }
        .configurationDisplayName("Photo")
        .description("A new picture every half hour.")
        .contentMarginsDisabled()
    }
}
