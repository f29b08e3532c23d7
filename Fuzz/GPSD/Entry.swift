// fuzz-max-len: 4096
// fuzz-uses: LocationSupport
//
// libFuzzer entry for the gpsd JSON decoder and line framer. Built by Scripts/fuzz.sh together with
// Sources/GPSD into one module, so it calls the module's public API without an import.
//
// Per input it checks what the module promises:
// - no crash, trap or sanitizer report on any bytes; `GPSDDecoder.decode` either returns a message or
//   throws its typed `GPSDDecodingError`;
// - `GPSDLineFramer` gives the same lines whether the input arrives in one `append` or in pseudo-random
//   chunks (lengths derived from the input, so a run is reproducible), and never holds more than
//   `maximumLineLength + 1` bytes;
// - every decoded TPV (alone or inside a POLL) has its position in range (latitude −90...90,
//   longitude −180...180), as the decoder enforces. (Other documented ranges, such as `track` 0..<360,
//   are gpsd's and are passed through unchecked by the decoder, so they are not asserted here.)

/// Stops the fuzzer with a message when a documented promise is broken.
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("GPSD fuzz invariant broken: \(message())") }
}

private func checkTPV(_ tpv: GPSDTPV) {
    if let latitude = tpv.latitude { require((-90...90).contains(latitude), "latitude \(latitude)") }
    if let longitude = tpv.longitude { require((-180...180).contains(longitude), "longitude \(longitude)") }
}

/// Decodes one line and checks the result; a thrown `GPSDDecodingError` is an accepted outcome.
private func decodeAndCheck(_ line: some Collection<UInt8>) {
    guard let message = try? GPSDDecoder.decode(line) else { return }
    switch message {
    case .tpv(let tpv): checkTPV(tpv)
    case .poll(let poll): poll.tpv.forEach(checkTPV)
    default: break
    }
}

/// Frames `bytes` with a new framer in the given chunk lengths; returns the lines.
private func frame(_ bytes: UnsafeBufferPointer<UInt8>, maximumLineLength: Int, chunks: () -> Int)
    -> [GPSDLineFramer.Line]
{
    var framer = GPSDLineFramer(maximumLineLength: maximumLineLength)
    var lines: [GPSDLineFramer.Line] = []
    var start = 0
    while start < bytes.count {
        let end = min(bytes.count, start + max(1, chunks()))
        lines += framer.append(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        require(
            framer.bufferedByteCount <= framer.maximumLineLength + 1,
            "framer holds \(framer.bufferedByteCount) bytes, limit \(framer.maximumLineLength)")
        start = end
    }
    return lines
}

/// The libFuzzer callback: one input, any bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)

    // The whole input as one line, newlines and all: the JSON decoder on arbitrary bytes.
    decodeAndCheck(bytes)

    // A small line limit makes overlong lines common; chunk lengths 1...16 from a linear congruential
    // sequence seeded by the input's length and first byte.
    let limit = 64 + Int(size > 1 ? data[1] : 0)
    let whole = frame(bytes, maximumLineLength: limit) { size }
    var state = UInt32(truncatingIfNeeded: size) &* 2_654_435_761 &+ UInt32(size > 0 ? data[0] : 0)
    let chunked = frame(bytes, maximumLineLength: limit) {
        state = state &* 1_664_525 &+ 1_013_904_223
        return Int(state >> 28) + 1
    }
    require(chunked == whole, "framed lines differ when the input arrives in chunks")

    for line in frame(bytes, maximumLineLength: GPSD.maximumLineLength, chunks: { size }) {
        if case .complete(let text) = line { decodeAndCheck(text) }
    }
    return 0
}
