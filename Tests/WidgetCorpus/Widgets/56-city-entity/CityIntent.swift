//
//  CityIntent.swift
//  WeatherWidgetExtension
//

import WidgetDash

struct CityEntity: AppEntity {
    let id: UUID
    let name: String
    let country: String
    let timeZoneIdentifier: String

    static let typeDisplayRepresentation: TypeDisplayRepresentation = "City"
    static let defaultQuery = CityQuery()

    var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(title: "\(name)", subtitle: "\(country)", image: .init(systemName: "building.2"))
    }

    static let all: [CityEntity] = [
        CityEntity(id: UUID(uuidString: "6B2C3A1E-7F4D-4C55-9E7B-1B0A7C1D2E01")!, name: "Lisbon", country: "Portugal", timeZoneIdentifier: "Europe/Lisbon"),
        CityEntity(id: UUID(uuidString: "6B2C3A1E-7F4D-4C55-9E7B-1B0A7C1D2E02")!, name: "Osaka", country: "Japan", timeZoneIdentifier: "Asia/Tokyo"),
        CityEntity(id: UUID(uuidString: "6B2C3A1E-7F4D-4C55-9E7B-1B0A7C1D2E03")!, name: "Denver", country: "United States", timeZoneIdentifier: "America/Denver"),
    ]
}

struct CityQuery: EntityQuery {
    func entities(for identifiers: [CityEntity.ID]) async throws -> [CityEntity] {
        CityEntity.all.filter { identifiers.contains($0.id) }
    }

    func suggestedEntities() async throws -> [CityEntity] {
        CityEntity.all
    }

    func defaultResult() async -> CityEntity? {
        try? await suggestedEntities().first
    }
}

struct SelectCityIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Select City"
    static let description = IntentDescription("Shows the local time in a city.")

    @Parameter(title: "City")
    var city: CityEntity?

    @Parameter(title: "Show Seconds", default: false)
    var showSeconds: Bool

    static var parameterSummary: some ParameterSummary {
        Summary("Show the time in \(\.$city)") {
            \.$showSeconds
        }
    }

    init() {}

    init(city: CityEntity) {
        self.city = city
    }
}
