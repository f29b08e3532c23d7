import Foundation
import GPSD
import LinuxCoreLocation
import LocationSupport

/// `corelocation providers`: what is configured and what the probe finds, with a hint for each.
struct ProvidersCommand: ToolCommand {
    static let name = "providers"
    static let asksForAuthorization = false
    static let summary = "show the configured provider and what the probe finds"
    static let options: [ToolOption] = []
    static let details = """
        Shows the provider configured by CORELOCATION_PROVIDER, each provider the probe tries (for gpsd, the
        receivers it serves and which one is followed), and serial devices that look like GNSS receivers, with
        a hint for each.
        """

    init(_ arguments: Arguments) throws {}

    func run() -> Never {
        let environment = ProcessInfo.processInfo.environment["CORELOCATION_PROVIDER"]
        if let environment, !environment.isEmpty {
            do {
                let provider = try LocationProviders.provider(for: environment)
                let reason = provider.unavailability ?? ReplayTrial.problem(with: environment)
                line("configured  \(environment)  " + (reason.map { "NOT available: \($0)" } ?? "available"))
                if reason == nil { listDevices(of: provider, uri: environment) }
            } catch {
                line("configured  \(environment)  invalid: \(error)")
            }
        } else {
            line("configured  (none)  set CORELOCATION_PROVIDER or pass --provider to choose one")
        }
        for uri in LocationProviders.probeURIs {
            switch Result(catching: { try LocationProviders.provider(for: uri) }) {
            case .success(let provider):
                if let reason = provider.unavailability {
                    line("probe       \(uri)  not found: \(reason)")
                } else {
                    line("probe       \(uri)  available")
                    listDevices(of: provider, uri: uri)
                }
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

    /// For a gpsd provider, the receivers gpsd serves: which one the provider follows, and how to choose another
    /// (issue 32: without `?device=`, two receivers made one zig-zag track).
    private func listDevices(of provider: any LocationProvider, uri: String) {
        guard let gpsd = provider as? GPSDLocationProvider else { return }
        let paths: [String]
        switch gpsd.servedDevices() {
        case .success(let devices): paths = devices.filter(\.isActive).compactMap(\.path)
        case .failure(let reason):
            line("devices     (unknown)  gpsd did not list its devices: \(reason)")
            return
        }
        guard !paths.isEmpty else {
            line("devices     (none)  gpsd has no receiver open; plug one in or start gpsd with its device")
            return
        }
        // Shown without a network source's password (GPSDDevice.displayName(of:)), compared whole.
        let shown = { (paths: [String]) in paths.map(GPSDDevice.displayName(of:)).joined(separator: ", ") }
        if let chosen = gpsd.configuration.device, !paths.contains(chosen) {
            line(
                "devices     \(shown(paths))  ?device= names \(shown([chosen])), which gpsd does not serve: "
                    + "choose one of these")
        } else if let chosen = gpsd.configuration.device {
            let others = paths.filter { $0 != chosen }
            line(
                "devices     \(shown(paths))  following \(shown([chosen])) (?device=)"
                    + (others.isEmpty ? "" : "; also served: \(shown(others))"))
        } else if paths.count == 1 {
            line("devices     \(shown(paths))  the one receiver gpsd serves")
        } else {
            let base = uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? uri
            line(
                "devices     \(shown(paths))  \(paths.count) receivers: the first to report a fix is "
                    + "followed, the others left out; choose one with --provider \"\(base)?device=\(shown([paths[1]]))\""
            )
        }
    }

    /// Writes one line to standard output, its control characters written as `\u{1B}` (``DiagnosticText``): the
    /// configured URI and gpsd's device paths come from outside, and a raw escape or newline in them reached the
    /// terminal.
    private func line(_ text: String) {
        Terminal.write(DiagnosticText.oneLine(text) + "\n")
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
