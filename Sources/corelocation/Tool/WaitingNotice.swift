import Foundation
import LinuxCoreLocation
import LocationBlocks
import LocationSupport

/// Tells the person running a command that it is still waiting when nothing comes from the provider, so a
/// provider that does not answer (gpsd not running yet) is not mistaken for a hang.
///
/// At the times ``WaitingSchedule`` says — after 5 s without a delivery (or twice a slow feed's interval), then
/// at intervals doubling up to 60 s — it asks the provider whether it answers (``LocationProvider/isAvailable``,
/// on a background queue: it may block for about a second) and writes one line on standard error: the provider
/// does not answer and is retried, or it answers but has delivered nothing. A delivery starts the schedule again.
/// Commands that cannot see deliveries (region monitoring, visits) get only the "does not answer" line. Either
/// line ends with what the command's update filters dropped, if anything (``FilterDropReport``): fixes that
/// arrive but are all filtered out look like silence otherwise. Isolated to the main actor: started by a command's
/// `run()`, its checks are blocks on the main queue.
@MainActor final class WaitingNotice {
    /// What a command has delivered so far: how many fixes or headings, when the last and the one before it came.
    typealias Deliveries = @MainActor () -> (count: Int, last: Date?, previous: Date?)

    private let provider: any LocationProvider
    private let deliveries: Deliveries?
    private let noun: String
    private let filterStatistics: (@MainActor () -> LocationUpdateFilterStatistics)?
    private var schedule = WaitingSchedule(start: Date())

    /// Creates a notice for `provider`.
    ///
    /// - Parameters:
    ///   - provider: The provider the command waits for.
    ///   - deliveries: What the command has received so far, or `nil` when the command cannot see it.
    ///   - noun: What is delivered, in the line: `fix` (`no fix yet`, `no new fix`) or `heading`.
    ///   - filterStatistics: What the command's update filters passed and dropped so far, or `nil` when the
    ///     command has no update filters.
    init(
        provider: any LocationProvider, deliveries: Deliveries?, noun: String = "fix",
        filterStatistics: (@MainActor () -> LocationUpdateFilterStatistics)? = nil
    ) {
        self.provider = provider
        self.deliveries = deliveries
        self.noun = noun
        self.filterStatistics = filterStatistics
    }

    /// Starts the schedule; call on the main thread.
    func start() {
        schedule = WaitingSchedule(start: Date())
        wait()
    }

    private func wait() {
        DispatchQueue.main.asyncAfter(deadline: .now() + max(0, schedule.next.timeIntervalSinceNow)) { [self] in
            check()
        }
    }

    private func check() {
        if let seen = deliveries?(), schedule.delivered(count: seen.count, last: seen.last, previous: seen.previous) {
            wait()
            return
        }
        let provider = provider
        DispatchQueue.global().async {
            let answers = provider.isAvailable
            DispatchQueue.main.async { [self] in
                let now = Date()
                if let line = message(answers: answers, silence: schedule.silence(at: now)) { Terminal.note(line) }
                schedule.noticed(at: now)
                wait()
            }
        }
    }

    private func message(answers: Bool, silence seconds: Int) -> String? {
        let silence = "nothing for \(seconds) s"
        let dropped = filterStatistics.flatMap { FilterDropReport($0()).text }.map { "; \($0)" } ?? ""
        if !answers {
            return "still waiting: \(provider.identifier) does not answer (\(silence)); \(Self.retrying(provider))"
                + "\(dropped); Ctrl-C to stop"
        }
        guard deliveries != nil else { return nil }
        // A replay of a FIFO or of standard input is silent when its writer is: it is not said to answer.
        let stream = Self.stream(read: provider.identifier)
        let from = stream.map { " from \($0)" } ?? ""
        let what = schedule.hasDeliveries ? "no new \(noun)\(from)" : "no \(noun)\(from) yet"
        let has = stream == nil ? "answers but has delivered" : "has read"
        return "still waiting: \(provider.identifier) \(has) \(what) (\(silence))\(dropped)"
    }

    /// `standard input` or `its FIFO` when the replay `uri` reads one, whose silence is its writer's (a trial of the
    /// tool: a FIFO without a writer was said to answer); `nil` for another provider.
    private static func stream(read uri: String) -> String? {
        guard let parsed = ProviderChoice.replayFile(of: uri) else { return nil }
        if parsed.namesStandardInput { return "standard input" }
        return FileKind(path: parsed.path) == .fifo ? "its FIFO" : nil
    }

    /// How the provider retries, as far as the tool knows it: gpsd every 0.5 s while its port refuses, with a
    /// growing delay up to 8 s after other failures.
    nonisolated static func retrying(_ provider: any LocationProvider) -> String {
        guard let gpsd = provider as? GPSDLocationProvider else { return "it is tried again" }
        let backoff = gpsd.configuration.backoff
        return "it is tried again every \(Numbers.decimal(backoff.refusedDelay, 2)) s while nothing listens, "
            + "every \(Numbers.decimal(backoff.maximumDelay, 2)) s at most after other failures"
    }
}
