import Foundation
import Testing
import WidgetDash

/// The extension protocol's own JSON reader and writer: JSON's test suite cases, the bytes
/// Foundation's coders wrote (protocol 1 is unchanged on the wire), and malformed lines.
@Suite struct WireJSONTests {
    /// JSONTestSuite's `y_` cases (texts every parser must accept), written down by name.
    static let accepted: [(String, String)] = [
        ("y_array_arraysWithSpaces", "[[]   ]"), ("y_array_empty", "[]"), ("y_array_empty-string", #"[""]"#),
        ("y_array_false", "[false]"), ("y_array_heterogeneous", #"[null, 1, "1", {}]"#), ("y_array_null", "[null]"),
        ("y_array_with_leading_space", " [1]"), ("y_array_with_trailing_space", "[2] "), ("y_array_with_several_null", "[1,null,null,null,2]"),
        ("y_number", "[123e65]"), ("y_number_0e+1", "[0e+1]"), ("y_number_0e1", "[0e1]"), ("y_number_after_space", "[ 4]"),
        ("y_number_double_close_to_zero", "[-0.000000000000000000000000000000000000000000000000000000000000000000000000000001]"),
        ("y_number_int_with_exp", "[20e1]"), ("y_number_minus_zero", "[-0]"), ("y_number_negative_int", "[-123]"),
        ("y_number_negative_one", "[-1]"), ("y_number_real_capital_e", "[1E22]"), ("y_number_real_capital_e_neg_exp", "[1E-2]"),
        ("y_number_real_capital_e_pos_exp", "[1E+2]"), ("y_number_real_exponent", "[123e45]"), ("y_number_real_fraction_exponent", "[123.456e78]"),
        ("y_number_real_neg_exp", "[1e-2]"), ("y_number_real_pos_exponent", "[1e+2]"), ("y_number_simple_int", "[123]"),
        ("y_number_simple_real", "[123.456789]"), ("y_object", #"{"asd":"sdf", "dfg":"fgh"}"#), ("y_object_basic", #"{"asd":"sdf"}"#),
        ("y_object_duplicated_key", #"{"a":"b","a":"c"}"#), ("y_object_empty", "{}"), ("y_object_empty_key", #"{"":0}"#),
        ("y_object_escaped_null_in_key", #"{"foo\u0000bar": 42}"#), ("y_object_extreme_numbers", #"{ "min": -1.0e+28, "max": 1.0e+28 }"#),
        ("y_object_long_strings", #"{"x":[{"id": "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}], "id": "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}"#),
        ("y_object_simple", #"{"a":[]}"#), ("y_object_with_newlines", "{\n\"a\": \"b\"\n}"),
        ("y_string_1_2_3_bytes_UTF-8_sequences", #"["\u0060\u012a\u12AB"]"#), ("y_string_accepted_surrogate_pair", #"["\uD801\udc37"]"#),
        ("y_string_allowed_escapes", #"["\"\\\/\b\f\n\r\t"]"#), ("y_string_backslash_and_u_escaped_zero", #"["\\u0000"]"#),
        ("y_string_comments", #"["a/*b*/c/*d//e"]"#), ("y_string_in_array_with_leading_space", #"[ "asd"]"#),
        ("y_string_nonCharacterInUTF-8_U+FFFF", "[\"\u{FFFF}\"]"), ("y_string_null_escape", #"["\u0000"]"#),
        ("y_string_pi", "[\"π\"]"), ("y_string_space", #"" ""#), ("y_string_uEscape", #"["\u0061\u30af\u30EA\u30b9"]"#),
        ("y_string_unicode_2", "[\"⍂㈴⍂\"]"), ("y_string_utf8", "[\"€𝄞\"]"), ("y_string_with_del_character", "[\"a\u{7F}a\"]"),
        ("y_structure_lonely_false", "false"), ("y_structure_lonely_int", "42"), ("y_structure_lonely_negative_real", "-0.1"),
        ("y_structure_lonely_null", "null"), ("y_structure_lonely_string", #""asd""#), ("y_structure_lonely_true", "true"),
        ("y_structure_string_empty", #""""#), ("y_structure_trailing_newline", "[\"a\"]\n"), ("y_structure_true_in_array", "[true]"),
        ("y_structure_whitespace_array", " [] "),
    ]

    /// JSONTestSuite's `n_` cases (texts every parser must refuse), written down by name.
    static let refused: [(String, String)] = [
        ("n_array_1_true_without_comma", "[1 true]"), ("n_array_colon_instead_of_comma", #"["": 1]"#),
        ("n_array_comma_after_close", #"[""],"#), ("n_array_comma_and_number", "[,1]"), ("n_array_double_comma", "[1,,2]"),
        ("n_array_extra_close", #"["x"]]"#), ("n_array_extra_comma", #"["",]"#), ("n_array_incomplete", #"["x""#),
        ("n_array_incomplete_invalid_value", "[x"), ("n_array_inner_array_no_comma", "[3[4]]"), ("n_array_missing_value", #"[   , ""]"#),
        ("n_array_number_and_comma", "[1,]"), ("n_array_unclosed", #"[""#), ("n_array_unclosed_trailing_comma", "[1,"),
        ("n_incomplete_false", "[fals]"), ("n_incomplete_null", "[nul]"), ("n_incomplete_true", "[tru]"),
        ("n_number_++", "[++1234]"), ("n_number_+1", "[+1]"), ("n_number_-01", "[-01]"), ("n_number_-2.", "[-2.]"),
        ("n_number_.-1", "[.-1]"), ("n_number_.2e-3", "[.2e-3]"), ("n_number_0.e1", "[0.e1]"), ("n_number_0e", "[0e]"),
        ("n_number_1.0e+", "[1.0e+]"), ("n_number_2.e3", "[2.e3]"), ("n_number_9.e+", "[9.e+]"), ("n_number_Inf", "[Inf]"),
        ("n_number_NaN", "[NaN]"), ("n_number_hex_1_digit", "[0x1]"), ("n_number_infinity", "[Infinity]"),
        ("n_number_minus_sign_with_trailing_garbage", "[-foo]"), ("n_number_neg_int_starting_with_zero", "[-012]"),
        ("n_number_with_leading_zero", "[012]"), ("n_number_real_without_fractional_part", "[1.]"),
        ("n_object_bad_value", #"["x", truth]"#), ("n_object_comma_instead_of_colon", #"{"x", null}"#),
        ("n_object_double_colon", #"{"x"::"b"}"#), ("n_object_missing_colon", #"{"a" b}"#), ("n_object_missing_key", #"{:"b"}"#),
        ("n_object_missing_value", #"{"a":"#), ("n_object_no-colon", #"{"a""#), ("n_object_non_string_key", "{1:1}"),
        ("n_object_single_quote", "{'a':0}"), ("n_object_trailing_comma", #"{"id":0,}"#), ("n_object_unquoted_key", #"{a: "b"}"#),
        ("n_object_with_trailing_garbage", #"{"a":"b"}#"#), ("n_single_space", " "), ("n_string_1_surrogate_then_escape_u", #"["\uD800\u"]"#),
        ("n_string_escape_x", #"["\x00"]"#), ("n_string_escaped_ctrl_char_tab", "[\"\\\t\"]"), ("n_string_incomplete_escape", #"["\"]"#),
        ("n_string_invalid_unicode_escape", #"["\uqqqq"]"#), ("n_string_single_quote", "['single quote']"),
        ("n_string_unescaped_newline", "[\"new\nline\"]"), ("n_string_unescaped_tab", "[\"\t\"]"), ("n_structure_no_data", ""),
        ("n_string_no_quotes_with_bad_escape", #"[\n]"#), ("n_structure_array_with_unclosed_string", #"["asd]"#),
        ("n_structure_close_unopened_array", "1]"), ("n_structure_double_array", "[][]"), ("n_structure_end_array", "]"),
        ("n_structure_null-byte-outside-string", "[\u{0}]"), ("n_structure_object_followed_by_closing_object", "{}}"),
        ("n_structure_open_array_object", #"[{"#), ("n_structure_trailing_#", #"{"a":"b"}#{}"#), ("n_structure_unclosed_object", #"{"asd":"asd""#),
    ]

    @Test func acceptsWhatJSONAccepts() throws {
        for (name, text) in Self.accepted {
            #expect(throws: Never.self, "\(name)") { try WireJSON.parse(Array(text.utf8)) }
        }
        #expect(try WireJSON.parse(Array(#"["\uD801\udc37", "\u0061\u30af"]"#.utf8)) == .array([.string("\u{10437}"), .string("aク")]))
        #expect(try WireJSON.parse(Array("[-0.5e+3]".utf8)) == .array([.number("-0.5e+3")]))
    }

    @Test func refusesWhatJSONRefuses() {
        for (name, text) in Self.refused {
            #expect(throws: WireJSON.ParseError.self, "\(name)") { try WireJSON.parse(Array(text.utf8)) }
        }
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: WireJSON.ParseError.self) { try WireJSON.parse(Array(deep.utf8)) }
    }

    /// What Foundation's coders did for the protocol before, to compare against.
    static func foundationEncode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    static func foundationDecode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try decoder.decode(type, from: data)
    }

    /// A message of every kind the protocol carries, with awkward strings and numbers.
    static func messages() async -> (requests: [ExtensionRequest], answers: [Data], calls: [ServiceCall], replies: [ServiceReply]) {
        var request = ExtensionRequest(request: .perform, kind: "probe", family: .systemMedium, parameters: ["b/c": "x\"y\\z\u{1}\u{7F}é😀", "A": "", "a10": "1", "a9": "2"],
                                       date: ExtensionWireTests.t0.addingTimeInterval(0.125), timeZone: "Europe/Paris")
        request.entryDate = Date(timeIntervalSince1970: -1.5)
        request.element = Int.max
        request.fingerprint = "Step(amount: 2)\n\t\u{8}\u{C}\r"
        request.isOn = false
        request.colorScheme = .light
        request.renderingMode = "vibrant"
        request.hostServices = true
        request.activityType = "trip"
        request.attributes = #"{"line":"S1"}"#
        let sink = ExtensionWireTests.Lines()
        let server = ExtensionServer(widgets: [ExtensionWireTests.description]) { line in sink.lines.withLock { $0.append(line) } }
        await server.serve(ExtensionRequest(request: .describe))
        await server.serve(ExtensionRequest(request: .timeline, kind: "probe", family: .systemMedium, date: ExtensionWireTests.t0, timeZone: "UTC"))
        await server.serve(ExtensionRequest(request: .snapshot, kind: "probe", family: .systemSmall, date: ExtensionWireTests.t0))
        var call = ServiceCall(.imageData)
        call.data = Data([0, 1, 2, 250, 255])
        call.box = [40, 20]
        call.values = ["n": .int(-3), "d": .double(2.5), "whole": .double(2), "s": .string("x"), "b": .bool(true), "l": .strings(["a", "b"])]
        var reply = ServiceReply()
        reply.modified = Date(timeIntervalSince1970: 1_795_334_400.75)
        return ([ExtensionRequest(request: .describe), request], sink.all, [call, ServiceCall(.reload)], [reply])
    }

    @Test func writesTheBytesFoundationWroteAndReadsWhatItRead() async throws {
        let m = await Self.messages()
        #expect(m.answers.count > 4)
        for request in m.requests {
            #expect(try ExtensionProtocol.encode(request) == Self.foundationEncode(request))
            let line = try Self.foundationEncode(request)
            #expect(try ExtensionProtocol.decode(ExtensionRequest.self, from: line) == Self.foundationDecode(ExtensionRequest.self, from: line))
        }
        for call in m.calls {
            #expect(try ExtensionProtocol.encode(call) == Self.foundationEncode(call))
            let line = try Self.foundationEncode(call)
            #expect(try ExtensionProtocol.decode(ServiceCall.self, from: line) == Self.foundationDecode(ServiceCall.self, from: line))
        }
        for reply in m.replies {
            #expect(try ExtensionProtocol.encode(reply) == Self.foundationEncode(reply))
        }
        // The extension's answers, as it wrote them; read as Foundation read them, and written back.
        let describe = try ExtensionProtocol.decode(DescribeAnswer.self, from: m.answers[0])
        #expect(describe == (try Self.foundationDecode(DescribeAnswer.self, from: m.answers[0])))
        #expect(try ExtensionProtocol.encode(describe) == Self.foundationEncode(describe))
        for line in m.answers.dropFirst() {
            let answer = try ExtensionProtocol.decode(ExtensionAnswer.self, from: line)
            #expect(answer == (try Self.foundationDecode(ExtensionAnswer.self, from: line)))
            #expect(try ExtensionProtocol.encode(answer) == line)
            #expect(line == (try Self.foundationEncode(answer)))
        }
    }

    @Test func numbersAndDatesReadAsFoundationReadThem() throws {
        struct Numbers: Codable, Equatable {
            var int: Int
            var small: UInt8
            var double: Double
            var float: Float
            var date: Date
            var url: URL
        }
        let fields = [("int", "9007199254740993"), ("small", "2.0"), ("double", "1e-2"), ("float", "0.1"), ("date", "-12.25"),
                      ("url", #""https://example.com/a?b=c""#)]
        func line(_ fields: [(String, String)]) -> String { "{" + fields.map { "\"\($0)\":\($1)" }.joined(separator: ",") + "}" }
        let text = line(fields)
        let mine = try WireDecoder.decode(Numbers.self, from: try WireJSON.parse(Array(text.utf8)))
        #expect(mine == (try Self.foundationDecode(Numbers.self, from: Data(text.utf8))))
        #expect(mine.int == 9_007_199_254_740_993)
        for (key, bad) in [("int", "2.5"), ("int", "true"), ("small", "256"), ("float", "1e300"), ("int", #""1""#), ("url", "null"), ("date", #""2026-01-01""#)] {
            let broken = line(fields.map { $0.0 == key ? (key, bad) : $0 })
            #expect(throws: DecodingError.self, "\(key): \(bad)") { try WireDecoder.decode(Numbers.self, from: try WireJSON.parse(Array(broken.utf8))) }
            #expect(throws: DecodingError.self, "\(key): \(bad)") { try Self.foundationDecode(Numbers.self, from: Data(broken.utf8)) }
        }
    }

    @Test func aMalformedAnswerIsAClearErrorNeverACrash() async throws {
        let line = try #require(await Self.messages().answers.dropFirst().first)
        // Cut short at every length, and with one byte changed at many places.
        for end in stride(from: 0, to: line.count, by: max(1, line.count / 100)) {
            do {
                _ = try ExtensionProtocol.decode(ExtensionAnswer.self, from: line.prefix(end))
                Issue.record("a line cut at \(end) of \(line.count) bytes was read")
            } catch let error as ProtocolError {
                #expect(!error.description.isEmpty)
            }
        }
        var flipped = 0
        for at in stride(from: 0, to: line.count, by: max(1, line.count / 60)) {
            for byte: UInt8 in [0x00, 0x22, 0x5C, 0x7B, 0x5D, 0x31, 0xFF] {
                var bad = line
                bad[bad.startIndex + at] = byte
                do {
                    _ = try ExtensionProtocol.decode(ExtensionAnswer.self, from: bad)
                } catch is ProtocolError {
                    flipped += 1
                }
            }
        }
        #expect(flipped > 0)
        let wrongField = Data(#"{"protocol":1,"answer":"entry","index":"three"}"#.utf8)
        #expect(throws: ProtocolError.self) { try ExtensionProtocol.decode(ExtensionAnswer.self, from: wrongField) }
        do {
            _ = try ExtensionProtocol.decode(ExtensionAnswer.self, from: wrongField)
        } catch {
            #expect("\(error)".contains("malformed"), "\(error)")
            #expect("\(error)".contains("index"), "\(error)")
        }
        #expect(throws: ProtocolError.garbage("\"[1,2]\"")) { try ExtensionProtocol.decode(ExtensionAnswer.self, from: Data("[1,2]".utf8)) }
        #expect(throws: ProtocolError.garbage(ExtensionProtocol.previewText(Data(#"{"protocol":"1"}"#.utf8)))) {
            try ExtensionProtocol.decode(ExtensionAnswer.self, from: Data(#"{"protocol":"1"}"#.utf8))
        }
    }
}
