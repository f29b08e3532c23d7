// fuzz-max-len: 4096
//
// libFuzzer entry for the D-Bus wire format: what the GeoClue provider reads from the system bus, where any local
// user may send it a message. Built by Scripts/fuzz.sh together with Sources/DBus into one module, so it calls the
// module's API without an import.
//
// Per input it checks what the module promises:
// - no crash, trap or sanitizer report on any bytes: framing (`DBusMessage.frameLength`), decoding
//   (`DBusMessage(decoding:)`), signatures (`DBusType.parse`) and bus addresses (`DBusAddress.parseList`) either
//   return a value or throw their typed `DBusError`;
// - a frame is never shorter than the fixed header, and within the size limit it was asked to respect;
// - a message that decodes and encodes again decodes to a message that encodes to the same bytes (whatever its
//   byte order was; bytes, not `==`, because a NaN double is not equal to itself).

/// Stops the fuzzer with a message when a documented promise is broken.
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("DBus fuzz invariant broken: \(message())") }
}

/// Decodes one framed message and checks the round trip; a thrown `DBusError` is an accepted outcome.
private func decodeAndCheck(_ frame: [UInt8]) {
    guard let message = try? DBusMessage(decoding: frame) else { return }
    guard let encoded = try? message.encoded(serial: message.serial, maximumSize: 1 << 20) else { return }
    guard let again = try? DBusMessage(decoding: encoded) else {
        require(false, "a decoded message, encoded again, does not decode: \(message)")
        return
    }
    let reencoded = try? again.encoded(serial: again.serial, maximumSize: 1 << 20)
    require(reencoded == encoded, "round trip changed \(message) into \(again)")
}

/// The libFuzzer callback: one input, any bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))

    // The input as a stream of messages, framed as the connection frames them.
    let limit = 1 << 12
    var offset = 0
    while bytes.count - offset >= DBusMessage.fixedHeaderLength {
        let header = Array(bytes[offset..<offset + DBusMessage.fixedHeaderLength])
        guard let length = try? DBusMessage.frameLength(ofHeader: header, maximumSize: limit) else { break }
        require(length >= DBusMessage.fixedHeaderLength && length <= limit, "frame length \(length)")
        guard length <= bytes.count - offset else { break }
        decodeAndCheck(Array(bytes[offset..<offset + length]))
        offset += length
    }

    // The whole input as one message, and its text as a signature and as a bus address list.
    decodeAndCheck(bytes)
    if let text = String(validating: bytes, as: UTF8.self) {
        _ = try? DBusType.parse(text)
        _ = try? DBusAddress.parseList(text)
    }
    return 0
}
