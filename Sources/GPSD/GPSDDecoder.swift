import Foundation

/// Decodes single lines of gpsd's JSON stream into ``GPSDMessage`` values.
///
/// Pure and stateless, so safe to call from any thread. Unknown classes and unknown members are
/// ignored (whatever they hold, a number too large for a `Double` included); known members with an unusable type
/// or value, out-of-range positions and missing required members throw. Lines are parsed by the module's own
/// JSON parser (strict RFC 8259; see `JSONParser`). Source of semantics: gpsd_json(5); leniency rules in
/// <doc:GPSDProtocolClient>.
public enum GPSDDecoder {
    /// Decodes one JSON object, given without its line terminator.
    ///
    /// - Parameter line: the UTF-8 bytes of one line, e.g. `{"class":"TPV","mode":1}`.
    /// - Returns: the decoded message.
    /// - Throws: ``GPSDDecodingError`` when the line is not a JSON object with a string `class`,
    ///   or when a known member of a modelled class cannot be read.
    public static func decode(_ line: some Collection<UInt8>) throws(GPSDDecodingError) -> GPSDMessage {
        let value: JSONValue
        do {
            value = try JSONParser.parse(line)
        } catch {
            throw GPSDDecodingError(className: nil, reason: .invalidJSON(error.description))
        }
        guard case .object(let members) = value else {
            throw GPSDDecodingError(className: nil, reason: .notAnObject)
        }
        guard case .string(let className)? = members["class"] else {
            throw GPSDDecodingError(className: nil, reason: .missingClass)
        }
        let object = JSONObjectReader(className: className, members: members)
        switch className {
        case "VERSION": return .version(try GPSDVersion(object))
        case "DEVICES":
            var devices: [GPSDDevice] = []
            for element in try object.objects("devices") { devices.append(try GPSDDevice(element)) }
            return .devices(devices)
        case "DEVICE": return .device(try GPSDDevice(object))
        case "WATCH": return .watch(try GPSDWatch(object))
        case "TPV": return .tpv(try GPSDTPV(object))
        case "SKY": return .sky(try GPSDSky(object))
        case "GST": return .gst(try GPSDGST(object))
        case "ATT": return .attitude(try GPSDAttitude(object))
        case "POLL": return .poll(try GPSDPoll(object))
        case "ERROR": return .error(try GPSDErrorReply(object))
        default: return .unknown(className: className)
        }
    }

    /// Decodes one line given as a string (convenience for tests and tools).
    ///
    /// - Throws: ``GPSDDecodingError`` exactly as the byte-collection variant does.
    public static func decode(_ line: String) throws(GPSDDecodingError) -> GPSDMessage {
        try decode(Array(line.utf8))
    }
}
