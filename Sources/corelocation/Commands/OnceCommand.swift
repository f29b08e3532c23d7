import Foundation
import LinuxCoreLocation
import LocationBlocks

/// `corelocation once`: one fix with the request semantics of the blocks layer (an accuracy level and a timeout).
///
/// Prints the fix and exits 0, or 2 on timeout or when a replay ends first (printing the best fix seen), or 3
/// when unavailable. In JSON Lines, an error that ends it is written as an error object too, as `watch` does.
final class OnceCommand: ToolCommand {
    static let spec = Arguments.Spec(
        valueOptions: ["provider", "format", "format-string", "accuracy", "timeout", "max-age"])
    static let usage = """
        usage: corelocation once [--accuracy LEVEL|METRES] [--timeout S] [--provider URI] [--format F]

        Prints one fix meeting the accuracy, then exits.

        options:
          --accuracy A   city (5000 m, 600 s), neighborhood (1000 m, 300 s), block (100 m, 60 s, the default),
                         house (15 m, 15 s), room (5 m, 5 s), any (the first valid fix), or METRES; any and
                         METRES take --max-age S (default 60 s; 0: any age)
          --timeout S    give up after S seconds (default 10; 0 waits for ever)
          --provider URI, --format F, --format-string T   as for watch (the sample only with
                         --provider sample:)

        exit status: 0 a fix met the accuracy; 2 timed out, or a replay ended, first (the best fix, if any,
        was printed); 3 denied, restricted, no provider, or the provider does not answer; 1 the provider
        failed; 64 bad arguments or CORELOCATION_* value; 65 the input is not what its scheme says; 66 an input
        file cannot be read; 74 standard output cannot be written.
        """

    private let session: Session
    private let provider: any LocationProvider
    private let accuracy: LocationRequestAccuracy
    private let timeout: TimeInterval

    init(_ arguments: Arguments) throws {
        accuracy = try Self.accuracy(arguments)
        timeout = try arguments.number("timeout", in: 0...1e9, unit: "seconds") ?? 10
        let format = try OutputFormat(arguments: arguments, outputIsTerminal: Terminal.outputIsTerminal)
        provider = try ProviderChoice.resolve(arguments.value("provider"), fallsBackToSample: false)
        session = Session(writer: EventWriter(format: format, marksSample: provider is SampleProvider))
    }

    /// The level of `--accuracy` and `--max-age` (seconds, 60 by default, 0 for any age).
    static func accuracy(_ arguments: Arguments) throws -> LocationRequestAccuracy {
        try accuracy(
            arguments.value("accuracy"),
            maximumAge: try arguments.number("max-age", in: 0...1e9, unit: "seconds").map { $0 == 0 ? .infinity : $0 }
                ?? 60)
    }

    private static func accuracy(_ text: String?, maximumAge: TimeInterval) throws -> LocationRequestAccuracy {
        let levels: [String: LocationRequestAccuracy] = [
            "city": .city, "neighborhood": .neighborhood, "neighbourhood": .neighborhood, "block": .block,
            "house": .house, "room": .room,
        ]
        guard let text else { return .block }
        if let level = levels[text.lowercased()] { return level }
        if text.lowercased() == "any" {
            return LocationRequestAccuracy(horizontalAccuracy: .greatestFiniteMagnitude, maximumAge: maximumAge)
        }
        guard let metres = LocationProviderURI.decimalNumber(text), metres > 0 else {
            throw Arguments.UsageError(
                description:
                    "--accuracy expects city, neighborhood, block, house, room, any or metres, found \"\(text)\"")
        }
        return LocationRequestAccuracy(horizontalAccuracy: metres, maximumAge: maximumAge)
    }

    /// A level as the timeout message names it: `the house level (≤15.0 m, ≤15.0 s old)`, `≤8.0 m, ≤30.0 s old`,
    /// `≤8.0 m at any age`, `a valid fix ≤60.0 s old` (`any`), `a valid fix`.
    static func describe(_ accuracy: LocationRequestAccuracy) -> String {
        let metres = "≤\(Numbers.decimal(accuracy.horizontalAccuracy, 2)) m"
        let seconds = "\(Numbers.decimal(accuracy.maximumAge, 3)) s"
        switch (accuracy.horizontalAccuracy == .greatestFiniteMagnitude, accuracy.maximumAge.isInfinite) {
        case (false, false):
            let named = "\(accuracy)"
            return named.hasPrefix("≤")
                ? "\(metres), ≤\(seconds) old" : "the \(named) level (\(metres), ≤\(seconds) old)"
        case (false, true): return "\(metres) at any age"
        case (true, false): return "a valid fix ≤\(seconds) old"
        case (true, true): return "a valid fix"
        }
    }

    func run() -> Never {
        let center = LocationRequestCenter(configuration: LocationManagerConfiguration(provider: provider))
        let session = self.session
        let accuracy = self.accuracy
        let provider = self.provider
        let timeout = self.timeout
        center.requestLocation(accuracy: accuracy, timeout: timeout) { result in
            DispatchQueue.main.async {
                if let location = result.location { session.writer.write(.location(location)) }
                switch result.status {
                case .success: session.finish(.success)
                case .timedOut:
                    let seen = result.location == nil ? "no fix came" : "printed the most accurate one seen"
                    session.finish(
                        .timedOut,
                        result.providerFinished
                            ? "\(provider.identifier) finished before a fix met \(Self.describe(accuracy)); \(seen)"
                            : "no fix met \(Self.describe(accuracy)) within \(Numbers.decimal(timeout, 3)) s; \(seen)")
                case .notDetermined, .denied, .restricted:
                    if result.status != .notDetermined { session.writeEndingError(CLError(.denied)) }
                    session.finish(.unavailable, "location access is \(result.status)")
                case .servicesDisabled:
                    session.finish(
                        .unavailable,
                        "\(provider.identifier) does not answer; check that it runs or is plugged in, "
                            + "or choose another with --provider")
                case .error(let error):
                    session.writeEndingError(error)
                    let ending = CommandEnding(
                        error, authorization: LocationAuthorization.shared.status, provider: provider.identifier)
                    session.finish(ending?.status ?? .providerFailed, ending?.message ?? "the request failed: \(error)")
                }
            }
        }
        session.onFinish { withExtendedLifetime(center) {} }
        session.start(duration: nil)
        dispatchMain()
    }
}
