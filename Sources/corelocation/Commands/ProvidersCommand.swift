import Foundation
import LinuxCoreLocation

/// `corelocation providers`: what is configured and what the probe finds, with a hint for each.
struct ProvidersCommand: ToolCommand {
    static let spec = Arguments.Spec(valueOptions: [])
    static let usage = """
        usage: corelocation providers

        Shows the provider configured by CORELOCATION_PROVIDER, each provider the probe tries, and serial
        devices that look like GNSS receivers, with a hint for each.
        """

    init(_ arguments: Arguments) throws {}

    func run() -> Never {
        let environment = ProcessInfo.processInfo.environment["CORELOCATION_PROVIDER"]
        if let environment, !environment.isEmpty {
            do {
                let provider = try LocationProviders.provider(for: environment)
                print("configured  \(environment)  \(provider.isAvailable ? "available" : "NOT available")")
            } catch {
                print("configured  \(environment)  invalid: \(error)")
            }
        } else {
            print("configured  (none)  set CORELOCATION_PROVIDER or pass --provider to choose one")
        }
        for uri in LocationProviders.probeURIs {
            let available = (try? LocationProviders.provider(for: uri))?.isAvailable ?? false
            print("probe       \(uri)  \(available ? "available" : "not found")")
        }
        let devices = Self.serialDevices()
        if devices.isEmpty {
            print("serial      (none)  plug in a USB GNSS receiver; it appears as /dev/ttyACM* or /dev/ttyUSB*")
        }
        for device in devices {
            print("serial      \(device)  try --provider nmea:\(device)?baud=9600 (or 4800)")
        }
        print(
            "sample      sample:  the embedded sample track; watch replays it, marked as such, when nothing is "
                + "configured or found (other commands never do)")
        exit(ExitStatus.success.rawValue)
    }

    /// Character devices named like USB serial adapters and CDC-ACM receivers.
    static func serialDevices() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/dev")) ?? []
        return names.filter { $0.hasPrefix("ttyACM") || $0.hasPrefix("ttyUSB") }.sorted().map { "/dev/" + $0 }
    }
}
