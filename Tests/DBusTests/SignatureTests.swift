import Testing

@testable import DBus

@Suite struct SignatureTests {
    @Test func parsesTheTypesGeoClueUses() throws {
        #expect(try DBusType.parse("") == [])
        #expect(try DBusType.parse("oo") == [.objectPath, .objectPath])
        #expect(try DBusType.parse("a{sv}") == [.array(.dictionaryEntry(key: .string, value: .variant))])
        #expect(try DBusType.parse("(tt)") == [.structure([.uint64, .uint64])])
        #expect(try DBusType.parse("ybnqiuxtdsogv").count == 13)
        #expect(try DBusType.parse("aa(yv)").first?.description == "aa(yv)")
    }

    @Test(arguments: [
        ("z", "unknown type code \"z\" at offset 0"),
        ("(i", "unclosed \"(\""),
        ("()", "empty structure \"()\""),
        ("{sv}", "dictionary entry outside an array"),
        ("a{vs}", "dictionary key v is not basic"),
        ("a{sss}", "dictionary entry must hold one key and one value"),
        ("a", "ends inside a container"),
        (String(repeating: "a", count: 33) + "y", "more than 32 nested arrays"),
        (String(repeating: "(", count: 33) + "y" + String(repeating: ")", count: 33), "more than 32 nested structures"),
        (String(repeating: "y", count: 256), "longer than 255 bytes"),
    ])
    func rejectsInvalidSignatures(signature: String, reason: String) {
        #expect(throws: DBusError.invalidSignature(signature, reason: reason)) { try DBusType.parse(signature) }
    }

    @Test func variantSignatureMustBeOneCompleteType() {
        #expect(throws: DBusError.invalidSignature("ss", reason: "expected exactly one complete type, found 2")) {
            try DBusType.parseSingle("ss")
        }
    }

    @Test func alignmentsFollowTheSpecification() {
        let expected: [(DBusType, Int)] = [
            (.byte, 1), (.boolean, 4), (.int16, 2), (.uint16, 2), (.int32, 4), (.uint32, 4), (.int64, 8),
            (.uint64, 8), (.double, 8), (.string, 4), (.objectPath, 4), (.signature, 1), (.variant, 1),
            (.array(.byte), 4), (.structure([.byte]), 8), (.dictionaryEntry(key: .string, value: .variant), 8),
        ]
        for (type, alignment) in expected { #expect(type.alignment == alignment, "\(type)") }
    }
}
