import Foundation
import Testing

@testable import GPSD

/// The module's own JSON parser (issue 32): RFC 8259's grammar, and numbers a `Double` cannot hold kept apart so that
/// they fail only a member that is read.
@Suite struct JSONParserTests {
    private func parse(_ text: String) throws(JSONParser.SyntaxError) -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    @Test func readsValuesOfEveryKind() throws {
        #expect(
            try parse(#" {"a":[1,-2.5,1E+2,0.1,-0,true,false,null],"b":{"c":"d"}} "#)
                == .object([
                    "a": .array([
                        .number(1), .number(-2.5), .number(100), .number(0.1), .number(-0.0), .bool(true),
                        .bool(false), .null,
                    ]),
                    "b": .object(["c": .string("d")]),
                ]))
        #expect(try parse(#"{"a":1,"a":2}"#) == .object(["a": .number(2)]), "a repeated key keeps its last value")
        #expect(
            try parse("12345678901234567890") == .number(12_345_678_901_234_567_168), "rounded to the nearest double")
        #expect(try parse("1e-400") == .number(0), "too small a number reads as the nearest double")
    }

    @Test func keepsNumbersTooLargeForADoubleApart() throws {
        let nines = String(repeating: "9", count: 400)
        #expect(try parse(#"{"x":1e309}"#) == .object(["x": .unrepresentableNumber("1e309")]))
        #expect(try parse("-\(nines)") == .unrepresentableNumber("-\(nines)"))
    }

    @Test func decodesEscapes() throws {
        #expect(
            try parse(#""a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00""#) == .string("a\"\\/\u{8}\u{c}\n\r\té😀"))
        #expect(try parse(#""Zürich""#) == .string("Zürich"))
    }

    @Test(
        arguments: [
            (#"{"a":1,}"#, 7, #"expected a string as an object key"#),
            ("[1,]", 3, "unexpected character \"]\", expected a value"),
            ("01", 1, "leading zero in a number"),
            ("1.", 2, "expected a digit after \".\""),
            ("1e", 2, "expected a digit in an exponent"),
            ("-", 1, "expected a digit"),
            (#""\ud83d""#, 7, "\\u escape of a high surrogate without its low surrogate"),
            (#""\ude00""#, 7, "\\u escape of an unpaired surrogate"),
            (#""\x""#, 3, "unknown escape \\\"x\""),
            ("\"a\u{1}\"", 2, "control character 0x1 in a string"),
            (#"{"a" 1}"#, 5, "expected \":\" after an object key"),
            (#"{"a":1} x"#, 8, "unexpected data after the value"),
            ("tru", 0, "expected true"),
            (#"{"a":"#, 5, "unexpected end, expected a value"),
            ("'a'", 0, "unexpected character \"'\", expected a value"),
        ] as [(String, Int, String)])
    func refusesWhatRFC8259Refuses(text: String, offset: Int, reason: String) {
        #expect(throws: JSONParser.SyntaxError(offset: offset, reason: reason)) { try parse(text) }
    }

    @Test func refusesInvalidUTF8AndDeepNesting() {
        #expect(throws: JSONParser.SyntaxError(offset: 1, reason: "string is not valid UTF-8")) {
            try JSONParser.parse([0x22, 0xFF, 0x22])
        }
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(throws: JSONParser.SyntaxError(offset: 64, reason: "nested more than 64 deep")) { try parse(deep) }
        let allowed = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(throws: Never.self) { try parse(allowed) }
    }
}
