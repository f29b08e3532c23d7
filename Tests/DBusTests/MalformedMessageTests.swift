import Testing

@testable import DBus

/// A reply to serial 7 whose body is one boolean.
///
/// Layout: fixed header 0..<16; REPLY_SERIAL field 16..<24; SIGNATURE field 24..<31 with the type code "b" at 29; one
/// byte of padding at 31; the boolean at 32..<36.
private func validReply() throws -> [UInt8] {
    var call = DBusMessage(kind: .methodCall)
    call.serial = 7
    return try DBusMessage.methodReturn(to: call, body: [.boolean(true)]).encoded(serial: 3)
}

private func replacing(_ bytes: [UInt8], at offset: Int, with byte: UInt8) -> [UInt8] {
    var copy = bytes
    copy[offset] = byte
    return copy
}

@Suite struct MalformedMessageTests {
    @Test func theFixtureHasTheLayoutTheTestsAssume() throws {
        let bytes = try validReply()
        #expect(bytes.count == 36)
        #expect(bytes[29] == UInt8(ascii: "b"))
        #expect(try DBusMessage(decoding: bytes).body == [.boolean(true)])
    }

    @Test func truncatedMessage() throws {
        let bytes = try validReply()
        #expect(throws: DBusError.malformedMessage(offset: 35, reason: "expected 36 bytes, have 35")) {
            try DBusMessage(decoding: Array(bytes.dropLast()))
        }
        #expect(throws: DBusError.malformedMessage(offset: 10, reason: "truncated: header needs 16 bytes")) {
            try DBusMessage(decoding: Array(bytes.prefix(10)))
        }
    }

    @Test func wrongEndiannessFlag() throws {
        #expect(
            throws: DBusError.malformedMessage(
                offset: 0, reason: "endianness flag is 120, expected \"l\" (108) or \"B\" (66)")
        ) {
            try DBusMessage(decoding: replacing(try validReply(), at: 0, with: UInt8(ascii: "x")))
        }
    }

    @Test func bigEndianFlagOnLittleEndianBytesIsCaughtByTheLengths() throws {
        #expect(throws: DBusError.self) {
            try DBusMessage(decoding: replacing(try validReply(), at: 0, with: UInt8(ascii: "B")))
        }
    }

    @Test func oversizedLengthIsRejectedFromTheHeaderAlone() throws {
        let header = Array(patched(try validReply(), uint32: 0x7FFF_FFF0, at: 4).prefix(16))
        #expect(throws: DBusError.messageTooLarge(size: 0x7FFF_FFF0 + 32, limit: 1 << 20)) {
            try DBusMessage.frameLength(ofHeader: header)
        }
    }

    @Test func badSignatureInTheHeader() throws {
        #expect(
            throws: DBusError.malformedMessage(
                offset: 31, reason: "invalid D-Bus signature \"z\": unknown type code \"z\" at offset 0")
        ) {
            try DBusMessage(decoding: replacing(try validReply(), at: 29, with: UInt8(ascii: "z")))
        }
    }

    @Test func bodyNotMatchingItsSignature() throws {
        // Claims a 64-bit body in a 4-byte body.
        #expect(throws: DBusError.malformedMessage(offset: 32, reason: "truncated: needs 8 bytes, 4 left")) {
            try DBusMessage(decoding: replacing(try validReply(), at: 29, with: UInt8(ascii: "t")))
        }
        // Claims a byte, leaving three bytes over.
        #expect(throws: DBusError.malformedMessage(offset: 33, reason: "bytes left over after the body \"y\"")) {
            try DBusMessage(decoding: replacing(try validReply(), at: 29, with: UInt8(ascii: "y")))
        }
    }

    @Test func invalidValuesAndFraming() throws {
        let bytes = try validReply()
        #expect(throws: DBusError.malformedMessage(offset: 32, reason: "boolean is 2, expected 0 or 1")) {
            try DBusMessage(decoding: replacing(bytes, at: 32, with: 2))
        }
        #expect(throws: DBusError.malformedMessage(offset: 31, reason: "padding byte is not zero")) {
            try DBusMessage(decoding: replacing(bytes, at: 31, with: 1))
        }
        #expect(throws: DBusError.malformedMessage(offset: 3, reason: "protocol version 2, expected 1")) {
            try DBusMessage(decoding: replacing(bytes, at: 3, with: 2))
        }
        #expect(throws: DBusError.malformedMessage(offset: 1, reason: "unknown message type 9")) {
            try DBusMessage(decoding: replacing(bytes, at: 1, with: 9))
        }
        #expect(throws: DBusError.malformedMessage(offset: 8, reason: "serial is 0")) {
            try DBusMessage(decoding: patched(bytes, uint32: 0, at: 8))
        }
        // An unknown header field code is skipped, which leaves the reply without its REPLY_SERIAL.
        #expect(
            throws: DBusError.malformedMessage(
                offset: 12, reason: "methodReturn message lacks the REPLY_SERIAL header field")
        ) {
            try DBusMessage(decoding: replacing(bytes, at: 16, with: 200))
        }
        // The field code of REPLY_SERIAL on the signature's value.
        #expect(throws: DBusError.malformedMessage(offset: 31, reason: "header field 5 has type g")) {
            try DBusMessage(decoding: replacing(bytes, at: 24, with: 5))
        }
    }

    @Test func stringsMustBeTerminatedUTF8() throws {
        var call = DBusMessage(kind: .methodCall)
        call.serial = 1
        let bytes = try DBusMessage.methodReturn(to: call, body: [.string("ab")]).encoded(serial: 2)
        // Body at 32: length 2, "a" "b" NUL.
        #expect(throws: DBusError.malformedMessage(offset: 36, reason: "string is not valid UTF-8")) {
            try DBusMessage(decoding: replacing(bytes, at: 36, with: 0xFF))
        }
        #expect(throws: DBusError.malformedMessage(offset: 36, reason: "string is not NUL-terminated")) {
            try DBusMessage(decoding: replacing(bytes, at: 38, with: 0x41))
        }
        #expect(throws: DBusError.malformedMessage(offset: 36, reason: "truncated: string of 1000 bytes")) {
            try DBusMessage(decoding: patched(bytes, uint32: 1000, at: 32))
        }
    }

    @Test func arraysLongerThanTheirMessage() throws {
        var call = DBusMessage(kind: .methodCall)
        call.serial = 1
        let bytes = try DBusMessage.methodReturn(to: call, body: [.array(.uint32, [.uint32(1)])]).encoded(serial: 2)
        #expect(throws: DBusError.malformedMessage(offset: 36, reason: "truncated: array of 8 bytes")) {
            try DBusMessage(decoding: patched(bytes, uint32: 8, at: 32))
        }
        #expect(throws: DBusError.malformedMessage(offset: 36, reason: "array length 4294967295 exceeds 64 MiB")) {
            try DBusMessage(decoding: patched(bytes, uint32: .max, at: 32))
        }
    }
}
