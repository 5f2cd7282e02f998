import Foundation
import Testing
@testable import WidgetDash

/// Text far longer than its frame: laid out in time linear in its length.
///
/// Gathering every line past the limit into the truncated last line copied the growing array
/// once per line: a 100 KB recipe name took seconds and 5 MB never finished. The time limit
/// turns a return of that into a failure instead of a hung run.
@Suite(.timeLimit(.minutes(1))) struct LongTextTests {
    @Test func aMegabyteOfTextTruncatesLikeAShortOne() {
        let long = String(repeating: "word ", count: 200_000)
        let lines = draw(Text(long).lineLimit(2), 20, 2)
        #expect(lines == ["word word word word", "word word word word…"])
        let unbroken = String(repeating: "b", count: 1_000_000)
        #expect(draw(Text(unbroken).lineLimit(1), 10, 1) == ["bbbbbbbbb…"])
        #expect(draw(Text(unbroken), 10, 3) == ["bbbbbbbbbb", "bbbbbbbbbb", "bbbbbbbbb…"])
    }

    @Test func truncationIsTheSameWhereTheRestIsShort() {
        #expect(draw(Text("alpha beta gamma delta").lineLimit(2), 11, 2) == ["alpha beta", "gamma delta"])
        #expect(draw(Text("alpha beta gamma delta epsilon").lineLimit(2), 11, 2) == ["alpha beta", "gamma delt…"])
    }
}
