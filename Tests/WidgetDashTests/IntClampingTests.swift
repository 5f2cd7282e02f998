import Foundation
import Testing
@testable import WidgetDash

/// `Int(clamping:)`: whole numbers from outside `Double`s, never a trap.
@Suite("Clamped whole numbers")
struct IntClampingTests {
    @Test func roundsThenClampsToTheRangeOfInt() {
        #expect(Int(clamping: 2.5) == 3)
        #expect(Int(clamping: -2.5) == -3)
        #expect(Int(clamping: 2.7, rounding: .down) == 2)
        #expect(Int(clamping: -2.2, rounding: .down) == -3)
        #expect(Int(clamping: 1e300) == .max)
        #expect(Int(clamping: -1e300) == .min)
        #expect(Int(clamping: .infinity) == .max)
        #expect(Int(clamping: -.infinity) == .min)
        #expect(Int(clamping: .nan) == 0)
        // 2^63 is the first Double beyond Int.max; -2^63 is Int.min exactly.
        #expect(Int(clamping: 9_223_372_036_854_775_808.0) == .max)
        #expect(Int(clamping: -9_223_372_036_854_775_808.0) == .min)
        #expect(Int(clamping: 9_223_372_036_854_774_784.0) == 9_223_372_036_854_774_784)
    }

    /// An extension's describe answer may give an integer option any range JSON can carry; the
    /// host reads it without trapping.
    @Test func anExtensionsIntegerRangeOfAnySize() throws {
        let line = #"{"protocol":1,"answer":"describe","widgets":[{"kind":"k","displayName":"K","description":"","families":["systemSmall"],"# +
            #""contentMarginsDisabled":false,"dataProtection":"none","parameters":[{"name":"n","title":"N","type":"integer","# +
            #""range":[1e300,2e300],"required":false}]}]}"#
        let describe = try ExtensionProtocol.decode(DescribeAnswer.self, from: Data(line.utf8))
        let wire = try #require(describe.widgets.first?.parameters.first)
        guard case .integer(let range) = wire.parameter.kind else { Issue.record("not an integer option"); return }
        #expect(range == Int.max...Int.max)
    }
}
