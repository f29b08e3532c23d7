import Testing

@testable import DBus

/// Bytes of a little-endian `u`.
private func le32(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.littleEndian) { Array($0) } }
/// A string's bytes and its terminating NUL.
private func text(_ string: String) -> [UInt8] { Array(string.utf8) + [0] }

@Suite struct MessageEncodingTests {
    @Test func helloCallMatchesTheBytesWorkedOutByHand() throws {
        let hello = DBusMessage.methodCall(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "Hello")
        // Fixed header, then a(yv) fields, each struct 8-aligned: PATH(1), INTERFACE(2), MEMBER(3), DESTINATION(6).
        var expected: [UInt8] = [0x6C, 1, 0, 1] + le32(0) + le32(1) + le32(109)
        expected += [1, 1, 0x6F, 0] + le32(21) + text("/org/freedesktop/DBus") + [0, 0]  // 16..<48
        expected += [2, 1, 0x73, 0] + le32(20) + text("org.freedesktop.DBus") + [0, 0, 0]  // 48..<80
        expected += [3, 1, 0x73, 0] + le32(5) + text("Hello") + [0, 0]  // 80..<96
        expected += [6, 1, 0x73, 0] + le32(20) + text("org.freedesktop.DBus") + [0, 0, 0]  // 96..<128
        let bytes = try hello.encoded(serial: 1)
        #expect(bytes == expected)
        var decoded = try DBusMessage(decoding: bytes)
        #expect(decoded.serial == 1)
        decoded.serial = 0
        #expect(decoded == hello)
    }

    @Test func decodesABigEndianReply() throws {
        let bytes: [UInt8] =
            [0x42, 2, 0, 1, 0, 0, 0, 4, 0, 0, 0, 9, 0, 0, 0, 15]
            + [5, 1, 0x75, 0, 0, 0, 0, 7] + [8, 1, 0x67, 0, 1, 0x75, 0, 0] + [1, 2, 3, 4]
        let message = try DBusMessage(decoding: bytes)
        #expect(message.kind == .methodReturn)
        #expect(message.serial == 9)
        #expect(message.replySerial == 7)
        #expect(message.body == [.uint32(0x0102_0304)])
    }

    @Test func everyTypeRoundTrips() throws {
        let body: [DBusValue] = [
            .byte(0xFE), .boolean(true), .int16(-2), .uint16(65_000), .int32(-70_000), .uint32(4_000_000_000),
            .int64(-1 << 40), .uint64(1 << 63), .double(-1.7976931348623157e308), .string("Zürich"),
            .objectPath("/org/freedesktop/GeoClue2/Client/1"), .signature("a{sv}"),
            .variant(.structure([.uint64(1_700_000_000), .uint64(250_000)])),
            .dictionary([("Latitude", .double(48.8584)), ("Active", .boolean(false))]),
            .array(.byte, []), .array(.array(.int16), [.array(.int16, [.int16(1)]), .array(.int16, [])]),
        ]
        var message = DBusMessage.signal(path: "/a/b", interface: "x.y", member: "Z", body: body)
        message.sender = ":1.1"
        var decoded = try DBusMessage(decoding: try message.encoded(serial: 42))
        #expect(decoded.body == body)
        #expect(decoded.signature == "ybnqiuxtdsogva{sv}ayaan")
        decoded.serial = 0
        #expect(decoded == message)
    }

    @Test func refusesToEncodeInvalidValues() {
        let call = { (body: [DBusValue]) in
            DBusMessage.methodCall(destination: nil, path: "/", interface: nil, member: "M", body: body)
        }
        #expect(throws: DBusError.invalidValue("string contains a NUL character")) {
            try call([.string("a\u{0}b")]).encoded(serial: 1)
        }
        #expect(throws: DBusError.invalidValue("\"/a/\" is not an object path")) {
            try call([.objectPath("/a/")]).encoded(serial: 1)
        }
        #expect(throws: DBusError.invalidValue("array of y holds an element of type s")) {
            try call([.array(.byte, [.string("x")])]).encoded(serial: 1)
        }
        // Header 56 bytes (PATH "/", MEMBER "M", SIGNATURE "ay"), body 4 + 2000.
        #expect(throws: DBusError.messageTooLarge(size: 2060, limit: 2048)) {
            try call([.array(.byte, Array(repeating: .byte(1), count: 2000))]).encoded(serial: 1, maximumSize: 2048)
        }
        #expect(
            throws: DBusError.malformedMessage(offset: 12, reason: "methodCall message lacks the MEMBER header field")
        ) {
            var message = call([])
            message.member = nil
            return try message.encoded(serial: 1)
        }
    }
}
