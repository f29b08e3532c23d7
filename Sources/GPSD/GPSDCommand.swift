import Foundation

/// The requests the client sends, each terminated by a newline.
///
/// Source of semantics: gpsd_json(5), "?WATCH".
enum GPSDCommand {
    /// `?WATCH={"enable":true,"json":true}` plus `"device":…` when one device is selected.
    static func watchEnable(device: String?) -> String {
        guard let device else { return "?WATCH={\"enable\":true,\"json\":true}\n" }
        return "?WATCH={\"enable\":true,\"json\":true,\"device\":\(jsonString(device))}\n"
    }

    /// `?DEVICES;`: asks for the `DEVICES` list without watching.
    static let devices = "?DEVICES;\n"

    /// `?WATCH={"enable":false}`, sent before the client closes a healthy connection.
    static let watchDisable = "?WATCH={\"enable\":false}\n"

    private static func jsonString(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        // Encoding a String cannot fail; the fallback keeps the request well-formed anyway.
        let data = (try? encoder.encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
