import Foundation
import LinuxCoreLocation
import LocationBlocks

/// Tells the person running a command that it is still waiting when nothing comes from the provider, so a
/// provider that does not answer (gpsd not running yet) is not mistaken for a hang.
///
/// After ``firstDelay`` seconds without a delivery, and then at intervals doubling up to ``longestDelay``, it
/// asks the provider whether it answers (``LocationProvider/isAvailable``, on a background queue: it may block
/// for about a second) and writes one line on standard error: the provider does not answer and is retried, or
/// it answers but has delivered nothing. A delivery starts the schedule again. Commands that cannot see
/// deliveries (region monitoring, visits) get only the "does not answer" line. Either line ends with what the
/// command's update filters dropped, if anything (``FilterDropReport``): fixes that arrive but are all filtered
/// out look like silence otherwise. Lives on the main thread.
final class WaitingNotice: @unchecked Sendable {  // used on the main thread only
    /// Seconds without a delivery before the first line.
    static let firstDelay: TimeInterval = 5
    /// The longest interval between two lines, in seconds.
    static let longestDelay: TimeInterval = 60

    private let provider: any LocationProvider
    private let deliveries: (() -> Int)?
    private let noun: String
    private let filterStatistics: (() -> LocationUpdateFilterStatistics)?
    private var lastCount = 0
    private var lastDelivery = Date()
    private var delay = WaitingNotice.firstDelay

    /// Creates a notice for `provider`.
    ///
    /// - Parameters:
    ///   - provider: The provider the command waits for.
    ///   - deliveries: How many fixes or headings the command has received so far, or `nil` when the command
    ///     cannot see them.
    ///   - noun: What is delivered, in the line: `fix` (`no fix yet`, `no new fix`) or `heading`.
    ///   - filterStatistics: What the command's update filters passed and dropped so far, or `nil` when the
    ///     command has no update filters.
    init(
        provider: any LocationProvider, deliveries: (() -> Int)?, noun: String = "fix",
        filterStatistics: (() -> LocationUpdateFilterStatistics)? = nil
    ) {
        self.provider = provider
        self.deliveries = deliveries
        self.noun = noun
        self.filterStatistics = filterStatistics
    }

    /// Starts the schedule; call on the main thread.
    func start() {
        lastDelivery = Date()
        schedule()
    }

    private func schedule() {
        DispatchQueue.main.asyncAfter(deadline: .now() + delay) { [self] in check() }
    }

    private func check() {
        if let count = deliveries?(), count != lastCount {
            lastCount = count
            lastDelivery = Date()
            delay = Self.firstDelay
            schedule()
            return
        }
        let provider = provider
        DispatchQueue.global().async {
            let answers = provider.isAvailable
            DispatchQueue.main.async { [self] in
                if let line = message(answers: answers) { Terminal.note(line) }
                delay = min(delay * 2, Self.longestDelay)
                schedule()
            }
        }
    }

    private func message(answers: Bool) -> String? {
        let silence = "nothing for \(Int(Date().timeIntervalSince(lastDelivery).rounded())) s"
        let dropped = filterStatistics.flatMap { FilterDropReport($0()).text }.map { "; \($0)" } ?? ""
        if !answers {
            return "still waiting: \(provider.identifier) does not answer (\(silence)); \(Self.retrying(provider))"
                + "\(dropped); Ctrl-C to stop"
        }
        guard deliveries != nil else { return nil }
        let what = lastCount == 0 ? "no \(noun) yet" : "no new \(noun)"
        return "still waiting: \(provider.identifier) answers but has delivered \(what) (\(silence))\(dropped)"
    }

    /// How the provider retries, as far as the tool knows it.
    private static func retrying(_ provider: any LocationProvider) -> String {
        guard let gpsd = provider as? GPSDLocationProvider else { return "it is tried again" }
        return "it is tried again every \(Numbers.fixed(gpsd.configuration.backoff.maximumDelay, 0)) s at most"
    }
}
