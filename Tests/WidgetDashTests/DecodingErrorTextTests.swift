import Foundation
import Testing
@testable import WidgetDash

/// Errors of JSON that does not fit its type: the field's path and what was expected.
@Suite struct DecodingErrorTextTests {
    struct Score: Codable {
        var homeScore: Int
        var awayScore: Int
        var plays: [Play]
    }
    struct Play: Codable {
        var minute: Int
        var at: Date?
    }

    func message(_ json: String) -> String? {
        do {
            _ = try ActivityCoding.decode(Score.self, from: Data(json.utf8), what: "state")
            return nil
        } catch {
            return error.description
        }
    }

    /// Foundation's JSONDecoder says only "The given data was not valid JSON." for these.
    @Test func aNumberThatDoesNotFitNamesItsField() {
        #expect(message(#"{"homeScore": 9223372036854775808, "awayScore": 0, "plays": []}"#)
                == "state: homeScore: expected a whole number, found 9223372036854775808")
        #expect(message(#"{"homeScore": 1.5, "awayScore": 0, "plays": []}"#)
                == "state: homeScore: expected a whole number, found 1.5")
        #expect(message(#"{"homeScore": 1, "awayScore": 0, "plays": [{"minute": 3}, {"minute": 2.5}]}"#)
                == "state: plays[1].minute: expected a whole number, found 2.5")
    }

    @Test func otherMistakesKeepTheirPathAndExpectation() {
        #expect(message(#"{"homeScore": "1", "awayScore": 0, "plays": []}"#) == "state: homeScore: expected a whole number")
        #expect(message(#"{"homeScore": 1, "plays": []}"#) == "state: missing the field \"awayScore\"")
        #expect(message(#"{"homeScore": null, "awayScore": 0, "plays": []}"#)?.hasPrefix("state: homeScore: expected a whole number") == true)
        let date = message(#"{"homeScore": 1, "awayScore": 0, "plays": [{"minute": 3, "at": "soon"}]}"#)
        #expect(date?.hasPrefix("state: plays[0].at: expected an ISO-8601 date") == true, "\(date ?? "")")
        #expect(message(#"{"homeScore": 1, "awayScore": 0, "plays": [{"minute": 3, "at": "2026-11-22T09:00:00.99999999999999999999999999999999999Z"}]}"#) == nil)
        #expect(message(#"{"homeScore": 1, "awayScore": 0, "plays": [{"minute": 3, "at": 1e300}]}"#)?.contains("plays[0].at") == true)
    }

    @Test func noDebugDumpAndNoEscapeSequences() {
        let text = message(#"{"homeScore": 1, "awayScore": 0, "plays": [{"minute": 3, "at": "\u001b[2J"}]}"#) ?? ""
        #expect(!text.contains("DecodingError") && !text.contains("Debug description"))
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B })
    }

    @Test func theValueDecoderReadsWhatJSONDecoderReads() throws {
        let json = try JSONValue.parse(#"{"homeScore": 2, "awayScore": 1, "plays": [{"minute": 12, "at": "2026-11-22T09:00:00Z"}, {"minute": 40}]}"#)
        let score = try JSONValueDecoder().decode(Score.self, from: json)
        #expect(score.homeScore == 2 && score.awayScore == 1 && score.plays.count == 2)
        #expect(score.plays[0].at == Date(timeIntervalSince1970: 1_795_338_000) && score.plays[1].at == nil)
    }
}
