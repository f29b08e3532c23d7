import Foundation
import LinuxCoreLocation

/// `corelocation providers`: what is configured and what the probe finds, with a hint for each.
struct ProvidersCommand: ToolCommand {
    static let name = "providers"
    static let summary = "show the configured provider and what the probe finds"
    static let options: [ToolOption] = []
    static let details = """
        Shows the provider configured by CORELOCATION_PROVIDER, each provider the probe tries, and serial
        devices that look like GNSS receivers, with a hint for each.
        """

    init(_ arguments: Arguments) throws {}

    func run() -> Never {
        let environment = ProcessInfo.processInfo.environment["CORELOCATION_PROVIDER"]
        if let environment, !environment.isEmpty {
            do {
                let provider = try LocationProviders.provider(for: environment)
                line(
                    "configured  \(environment)  "
                        + (provider.unavailability.map { "NOT available: \($0)" } ?? "available"))
            } catch {
                line("configured  \(environment)  invalid: \(error)")
            }
        } else {
            line("configured  (none)  set CORELOCATION_PROVIDER or pass --provider to choose one")
        }
        for uri in LocationProviders.probeURIs {
            let problem = Result { try LocationProviders.provider(for: uri) }.map(\.unavailability)
            switch problem {
            case .success(nil): line("probe       \(uri)  available")
            case .success(let reason?): line("probe       \(uri)  not found: \(reason)")
            case .failure(let error): line("probe       \(uri)  not found: \(error)")
            }
        }
        let devices = Self.serialDevices()
        if devices.isEmpty {
            line("serial      (none)  plug in a USB GNSS receiver; it appears as /dev/ttyACM* or /dev/ttyUSB*")
        }
        for device in devices {
            line("serial      \(device)  try --provider nmea:\(device)?baud=9600 (or 4800)")
        }
        line(
            "sample      sample:  the embedded sample track; watch replays it, marked as such, when nothing is "
                + "configured or found (other commands never do)")
        Terminal.exit(.success)  // 74 when standard output could not take the lines
    }

    private func line(_ text: String) {
        Terminal.write(text + "\n")
    }

    /// The names of CDC-ACM receivers and USB serial adapters in `/dev`, without their number.
    static let serialDevicePatterns = ["ttyACM", "ttyUSB"]

    /// Character devices named like USB serial adapters and CDC-ACM receivers.
    static func serialDevices() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/dev")) ?? []
        return names.filter { name in serialDevicePatterns.contains { name.hasPrefix($0) } }.sorted()
            .map { "/dev/" + $0 }
    }
}
