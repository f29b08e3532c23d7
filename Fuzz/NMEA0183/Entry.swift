// fuzz-max-len: 2048
// fuzz-uses: LocationSupport
//
// libFuzzer entry for the NMEA 0183 decoder and epoch assembler. Built by Scripts/fuzz.sh together with
// Sources/NMEA0183 into one module, so it calls the module's public API without an import.
//
// Per input it checks what the module promises:
// - no crash, trap or sanitizer report on any bytes;
// - the result does not depend on how the bytes are chunked: the input fed in one `feed` and fed in
//   pseudo-random chunks (lengths derived from the input, so a run is reproducible) give the same
//   events, statistics and diagnostics, before and after `finish()` (inputs of even length);
// - every fix and heading is in its documented range (latitude −90...90, longitude −180...180,
//   speed ≥ 0, course 0...360, heading 0..<360, finite numbers);
// - diagnostics stay bounded by `maximumDiagnostics`;
// - a second decoder with non-default options (missing checksums accepted, shortest sentence length,
//   one diagnostic, no sentence events) survives the same input with the same checks (inputs of odd length).

/// Feeds `bytes` to a new decoder in the given chunk lengths, then finishes; returns everything observable.
private func run(_ bytes: UnsafeBufferPointer<UInt8>, options: NMEADecoderOptions, chunks: (Int) -> Int)
    -> (events: [NMEAEvent], decoder: NMEADecoder)
{
    var decoder = NMEADecoder(options: options)
    var events: [NMEAEvent] = []
    var start = 0
    var index = 0
    while start < bytes.count {
        let end = min(bytes.count, start + max(1, chunks(index)))
        events += decoder.feed(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        start = end
        index += 1
    }
    events += decoder.finish()
    return (events, decoder)
}

/// Stops the fuzzer with a message when a documented promise is broken.
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("NMEA fuzz invariant broken: \(message())") }
}

private func requireInRange(_ value: Double?, _ range: ClosedRange<Double>, _ name: String) {
    guard let value else { return }
    require(value.isFinite && range.contains(value), "\(name) \(value) outside \(range)")
}

/// Checks the documented ranges of every fix and heading, and the bound on diagnostics.
private func checkInvariants(_ events: [NMEAEvent], _ decoder: NMEADecoder) {
    for event in events {
        switch event {
        case .fix(let fix):
            requireInRange(fix.latitude, -90...90, "latitude")
            requireInRange(fix.longitude, -180...180, "longitude")
            requireInRange(fix.speed, 0...Double.greatestFiniteMagnitude, "speed")
            requireInRange(fix.course, 0...360, "course")
            for (name, value) in [
                ("altitude", fix.altitudeMSL), ("geoid separation", fix.geoidSeparation),
                ("horizontal accuracy", fix.horizontalAccuracy),
                ("vertical accuracy", fix.verticalAccuracy), ("HDOP", fix.hdop),
            ] {
                require(value?.isFinite ?? true, "\(name) \(String(describing: value)) is not finite")
            }
            require(fix.line >= 1, "fix line \(fix.line)")
        case .heading(let heading):
            for (name, value) in [("true heading", heading.trueHeading), ("magnetic heading", heading.magneticHeading)]
            {
                require(
                    value.map { $0.isFinite && $0 >= 0 && $0 < 360 } ?? true,
                    "\(name) \(String(describing: value)) outside 0..<360")
            }
        case .noFix(let noFix):
            require(noFix.line >= 1, "no-fix line \(noFix.line)")
        case .sentence:
            break
        }
    }
    require(
        decoder.diagnostics.count <= max(0, decoder.options.maximumDiagnostics),
        "\(decoder.diagnostics.count) diagnostics kept, limit \(decoder.options.maximumDiagnostics)")
}

/// The libFuzzer callback: one input, any bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)

    let whole = run(bytes, options: NMEADecoderOptions()) { _ in size }
    checkInvariants(whole.events, whole.decoder)

    // A second pass, chosen by the input's length (mutations change lengths all the time), so that each input costs
    // two passes and the target keeps above 5,000 executions a second: the same decoder fed in chunks (even
    // lengths), or a decoder with other options (odd lengths).
    if size % 2 == 0 {
        // Chunk lengths 1...16 from a linear congruential sequence seeded by the input's length and first byte.
        var state = UInt32(truncatingIfNeeded: size) &* 2_654_435_761 &+ UInt32(size > 0 ? data[0] : 0)
        let chunked = run(bytes, options: NMEADecoderOptions()) { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return Int(state >> 28) + 1
        }
        require(chunked.events == whole.events, "events differ when the input is fed in chunks")
        require(chunked.decoder.statistics == whole.decoder.statistics, "statistics differ when fed in chunks")
        require(chunked.decoder.diagnostics == whole.decoder.diagnostics, "diagnostics differ when fed in chunks")
    } else {
        var lax = NMEADecoderOptions()
        lax.acceptsMissingChecksum = true
        lax.maximumSentenceLength = 0
        lax.maximumDiagnostics = 1
        lax.reportsSentences = false
        let other = run(bytes, options: lax) { _ in 7 }
        checkInvariants(other.events, other.decoder)
    }
    return 0
}
