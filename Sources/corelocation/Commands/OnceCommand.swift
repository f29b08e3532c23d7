import Foundation
import LinuxCoreLocation
import LocationBlocks

/// `corelocation once`: one fix with the request semantics of the blocks layer (an accuracy level and a timeout).
///
/// Prints the fix and exits 0, or 2 on timeout or when a replay ends first (printing the best fix seen), or 3
/// when unavailable. In JSON Lines, an error that ends it is written as an error object too, as `watch` does.
final class OnceCommand: ToolCommand {
    static let name = "once"
    static let summary = "one fix meeting an accuracy, with a timeout"
    static let options: [ToolOption] = [
        ToolOption(
            name: "accuracy", placeholder: "A", summary: "the accuracy level",
            details: ": city (5000 m, 600 s), neighborhood (1000 m, 300 s), block (100 m, 60 s, the default), house "
                + "(15 m, 15 s), room (5 m, 5 s), any (the first valid fix), or METRES",
            values: .words(levels.map(\.name) + ["any"])),
        ToolOption(
            name: "max-age", placeholder: "S", summary: "the oldest fix accepted, in seconds",
            details: "(default: the level's own age, 60 for any and METRES; 0: any age)"),
        ToolOption(
            name: "timeout", placeholder: "S", summary: "give up after S seconds",
            details: "(default 10; 0 waits for ever)"
        ),
        .provider, .format, .formatString,
    ]
    static let details = "Prints one fix meeting the accuracy, then exits; never the sample unless --provider sample:."
    static let notes = """
        exit status: 0 a fix met the accuracy; 2 timed out, or a replay ended, first (the best fix, if any,
        was printed); 3 denied, restricted, no provider, or the provider does not answer; 1 the provider
        failed; 64 bad arguments or CORELOCATION_* value; 65 the input is not what its scheme says; 66 an input
        file cannot be read; 74 standard output cannot be written.
        """

    private let session: Session
    private let provider: any LocationProvider
    private let accuracy: LocationRequestAccuracy
    /// The name of the level `--accuracy` named (`house`), or `nil` for `any` and metres.
    private let levelName: String?
    private let timeout: TimeInterval

    init(_ arguments: Arguments) throws {
        (levelName, accuracy) = try Self.level(arguments)
        timeout = try arguments.number("timeout", in: 0...1e9, unit: "seconds") ?? 10
        let format = try OutputFormat(arguments: arguments, outputIsTerminal: Terminal.outputIsTerminal)
        try AddressLookup.requireUsableService(for: format)
        let resolved = try ProviderChoice.resolve(arguments.value("provider"), fallsBackToSample: false)
        provider = resolved.provider
        if timeout == 0, let fixed = provider as? FixedLocationProvider,
            fixed.horizontalAccuracy > accuracy.horizontalAccuracy
        {
            // A trial of the tool: this waited for ever, silently, for a fix that cannot come.
            throw Arguments.UsageError(
                description: "--timeout 0: the one fix of "
                    + "\(resolved.name) is "
                    + "±\(fixed.horizontalAccuracy) m, which does not meet "
                    + "\(Self.describe(accuracy, level: levelName)), "
                    + "so the request would wait for ever; give --accuracy \(fixed.horizontalAccuracy) or more, or a "
                    + "--timeout above 0")
        }
        session = Session(writer: EventWriter(format: format, marksSample: provider is SampleProvider))
    }

    /// The level of `--accuracy` and `--max-age` (seconds, 0 for any age), and the name of the level, which it keeps
    /// with any age (`nil` for `any` and metres).
    ///
    /// Without `--max-age`, a named level keeps its own age limit and `any` and `METRES` take 60 s; with it, every
    /// level takes its value (`--accuracy house --max-age 120`: 15 m, 120 s, still the house level). Until the trial
    /// of the tool, a named level ignored `--max-age`, so `--max-age 0`, the advice for a receiver with a wrong date,
    /// did nothing without `--accuracy any` or metres.
    static func level(_ arguments: Arguments) throws -> (name: String?, accuracy: LocationRequestAccuracy) {
        let maximumAge = try arguments.number("max-age", in: 0...1e9, unit: "seconds").map { $0 == 0 ? .infinity : $0 }
        var level = try level(arguments.value("accuracy"))
        if let maximumAge { level.accuracy.maximumAge = maximumAge }
        return level
    }

    /// The named levels of `--accuracy` (`neighbourhood` is read as `neighborhood` too).
    private static let levels: [(name: String, accuracy: LocationRequestAccuracy)] = [
        ("city", .city), ("neighborhood", .neighborhood), ("block", .block), ("house", .house), ("room", .room),
    ]

    /// The level `text` names with its own age limit, and its name: a named level's, 60 s and no name for `any` and
    /// metres.
    private static func level(_ text: String?) throws -> (name: String?, accuracy: LocationRequestAccuracy) {
        let maximumAge: TimeInterval = 60
        guard let text else { return ("block", .block) }
        let name = text.lowercased() == "neighbourhood" ? "neighborhood" : text.lowercased()
        if let level = levels.first(where: { $0.name == name }) { return (level.name, level.accuracy) }
        if text.lowercased() == "any" {
            return (nil, LocationRequestAccuracy(horizontalAccuracy: .greatestFiniteMagnitude, maximumAge: maximumAge))
        }
        guard let metres = LocationProviderURI.decimalNumber(text), metres > 0 else {
            throw Arguments.UsageError(
                description:
                    "--accuracy expects city, neighborhood, block, house, room, any or metres, found \"\(text)\"")
        }
        return (nil, LocationRequestAccuracy(horizontalAccuracy: metres, maximumAge: maximumAge))
    }

    /// A level as the timeout message names it: `the house level (≤15.0 m, ≤15.0 s old)`, `the house level (≤15.0 m,
    /// ≤120.0 s old)` (`--max-age 120`), `the block level (≤100.0 m at any age)` (`--max-age 0`), `≤8.0 m, ≤30.0 s
    /// old`, `≤8.0 m at any age`, `the age limit (≤60.0 s old)` (`any`), `a valid fix` (`any`, `--max-age 0`).
    ///
    /// - Parameters:
    ///   - accuracy: The level's accuracy and age limit.
    ///   - name: The name of the level (`house`), `nil` for `any` and metres.
    /// - Returns: The words for the level.
    static func describe(_ accuracy: LocationRequestAccuracy, level name: String?) -> String {
        let metres = "≤\(Numbers.decimal(accuracy.horizontalAccuracy, 2)) m"
        let seconds = "\(Numbers.decimal(accuracy.maximumAge, 3)) s"
        let limits: String
        switch (accuracy.horizontalAccuracy == .greatestFiniteMagnitude, accuracy.maximumAge.isInfinite) {
        case (false, false): limits = "\(metres), ≤\(seconds) old"
        case (false, true): limits = "\(metres) at any age"
        case (true, false): return "the age limit (≤\(seconds) old)"
        case (true, true): return "a valid fix"
        }
        return name.map { "the \($0) level (\(limits))" } ?? limits
    }

    /// The line that ends a request that timed out (or whose replay finished): which level no fix met, and what
    /// came instead — nothing, fixes too old for the age limit (the newest's age: a receiver with a wrong date, an
    /// old log), or fixes too inaccurate, the most accurate of which was printed.
    static func timeoutMessage(
        _ result: LocationRequestResult, accuracy: LocationRequestAccuracy, levelName: String?, timeout: TimeInterval,
        provider: String, started: Date, now: Date
    ) -> String {
        let level = describe(accuracy, level: levelName)
        let unmet =
            result.providerFinished
            ? "\(provider) finished before a fix met \(level)"
            : "no fix met \(level) within \(Numbers.decimal(timeout, 3)) s"
        guard result.fixesSeen > 0 else { return "\(unmet); no fix came" }
        let came = Numbers.count(result.fixesSeen, "fix", plural: "fixes")
        if let stale = staleness(result, accuracy: accuracy, started: started, now: now) {
            return "\(unmet); \(came) came, \(stale); printed the most accurate one"
        }
        return "\(unmet); printed the most accurate one seen"
    }

    /// The error line of a request that failed, followed by why the fix printed before it did not meet the level.
    ///
    /// `…; before it, 4 fixes came and none met ≤1.0 m, ≤60.0 s old; printed the most accurate one`; the error alone
    /// when nothing was printed.
    ///
    /// A trial of the tool: a replay that failed at a broken line after fixes too inaccurate (or too old) printed the
    /// best of them and then only the error, so the printed fix read as one that met the level.
    static func failureMessage(
        _ message: String, _ result: LocationRequestResult, accuracy: LocationRequestAccuracy, levelName: String?,
        started: Date, now: Date
    ) -> String {
        guard result.location != nil, result.fixesSeen > 0 else { return message }
        let came = Numbers.count(result.fixesSeen, "fix", plural: "fixes")
        let stale = staleness(result, accuracy: accuracy, started: started, now: now).map { " (\($0))" } ?? ""
        return "\(message); before it, \(came) came and none met \(describe(accuracy, level: levelName))\(stale); "
            + "printed the most accurate one"
    }

    /// `the newest 6 years old — check the receiver's date, or --max-age` when the newest fix seen was already
    /// beyond the level's age limit when it came; `nil` otherwise.
    ///
    /// It came between `started` and `now`, so in the past it was at least its age at `now` less that time (a trial
    /// of the tool: a fixed location's fix, fresh when it came but 10 s old at the timeout, was said to come from a
    /// receiver with a wrong date); in the future, at least its distance at `now`.
    private static func staleness(
        _ result: LocationRequestResult, accuracy: LocationRequestAccuracy, started: Date, now: Date
    ) -> String? {
        guard let newest = result.newestFix, accuracy.maximumAge.isFinite else { return nil }
        let age = now.timeIntervalSince(newest.timestamp)
        let ageWhenItCame = age >= 0 ? age - max(0, now.timeIntervalSince(started)) : -age
        guard ageWhenItCame > accuracy.maximumAge else { return nil }
        return "the newest \(FilterDropReport.age(now.timeIntervalSince(newest.timestamp))) — check the receiver's "
            + "date, or --max-age"
    }

    func run() -> Never {
        let session = self.session
        // One fix, now: a provider that does not answer is said at once, with its reason (the library's request
        // would wait for it, as iOS waits for a configured source that is down).
        if let reason = provider.unavailability {
            session.finish(
                .unavailable,
                "\(provider.identifier) does not answer: \(reason); check that it runs or is plugged in, "
                    + "or choose another with --provider")
        }
        let center = LocationRequestCenter(configuration: LocationManagerConfiguration(provider: provider))
        let (accuracy, levelName) = (self.accuracy, self.levelName)
        let provider = self.provider
        let timeout = self.timeout
        let started = provider.clock.now
        center.requestLocation(accuracy: accuracy, timeout: timeout) { result in
            DispatchQueue.main.async {
                if let location = result.location { session.writer.write(.location(location)) }
                switch result.status {
                case .success: session.finish(.success)
                // A request ends not determined only when its timeout comes before the authorization's answer (a
                // tester's `--timeout 1e-9`): a timeout like any other, not a refusal (status 3 said access was
                // denied or restricted, when nothing was).
                case .timedOut, .notDetermined:
                    let message = Self.timeoutMessage(
                        result, accuracy: accuracy, levelName: levelName, timeout: timeout,
                        provider: provider.identifier, started: started,
                        now: result.evaluationTime ?? provider.clock.now)
                    session.finish(
                        .timedOut,
                        result.status == .timedOut ? message : message + " (location access was not answered yet)")
                case .denied, .restricted:
                    session.writeEndingError(CLError(.denied))
                    session.finish(.unavailable, "location access is \(result.status)")
                case .servicesDisabled:
                    session.finish(.unavailable, "location services are off")
                case .error(let error):
                    session.writeEndingError(error)
                    let ending = CommandEnding(
                        error, authorization: LocationAuthorization.shared.status, provider: provider.identifier)
                    let message = Self.failureMessage(
                        ending?.message ?? "the request failed: \(error)", result, accuracy: accuracy,
                        levelName: levelName, started: started, now: result.evaluationTime ?? provider.clock.now)
                    session.finish(ending?.status ?? .providerFailed, message)
                }
            }
        }
        session.onFinish { withExtendedLifetime(center) {} }
        session.start(duration: nil)
        dispatchMain()
    }
}
