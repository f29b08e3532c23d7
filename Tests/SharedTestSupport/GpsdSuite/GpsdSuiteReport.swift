/// Checks comparisons against ``GpsdSuiteExpectations`` and adds them up into the suite's summary line.
public struct GpsdSuiteReport: Sendable {
    /// Which layer is compared: the bare decoder leaves derived speed and course to the provider.
    public let comparesDerivedMotion: Bool
    /// Logs compared so far.
    public private(set) var logs = 0
    /// gpsd epochs over all logs compared.
    public private(set) var expected = 0
    /// Matched epochs over all logs compared.
    public private(set) var matched = 0
    /// Logs compared that have no entry in ``GpsdSuiteExpectations/byLog``.
    public private(set) var unlistedLogs: [String] = []

    /// Creates an empty report.
    public init(comparesDerivedMotion: Bool) {
        self.comparesDerivedMotion = comparesDerivedMotion
    }

    /// Adds one log's comparison; returns what differs from its expectation (empty when it is as expected).
    public mutating func add(_ comparison: GpsdComparison, of log: GpsdRegressionLog) -> [String] {
        logs += 1
        expected += comparison.expected
        matched += comparison.matched
        guard let expectation = GpsdSuiteExpectations.byLog[log.name] else {
            unlistedLogs.append(log.name)
            return comparison.divergences.isEmpty
                ? []
                : [
                    "\(log.name) is not in GpsdSuiteExpectations and diverges: \(comparison.divergences); add it with its cause"
                ]
        }
        var problems: [String] = []
        if comparison.expected != expectation.epochs {
            problems.append("\(log.name): gpsd has \(comparison.expected) fixed epochs, expected \(expectation.epochs)")
        }
        let divergences = comparesDerivedMotion ? expectation.divergences : expectation.decoderDivergences
        if comparison.divergences != divergences {
            problems.append("\(log.name): divergences \(comparison.divergences), expected \(divergences)")
        }
        return problems
    }

    /// One line for a log: `name: matched/expected epochs, divergences, extra fixes`.
    public static func line(_ comparison: GpsdComparison, of log: GpsdRegressionLog) -> String {
        let divergences = comparison.divergences.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return "\(log.name): \(comparison.matched)/\(comparison.expected) epochs match gpsd"
            + (divergences.isEmpty ? "" : ", documented divergences \(divergences.joined(separator: " "))")
            + (comparison.extraFixes > 0 ? ", \(comparison.extraFixes) fixes at times gpsd reports no fix for" : "")
    }

    /// The summary line of a layer.
    ///
    /// For example `gpsd suite (provider): 1918/2007 epochs match gpsd over 96 logs (95.6 %)`.
    public func summary(layer: String) -> String {
        let share = expected == 0 ? 100 : Double(matched) * 100 / Double(expected)
        let percent = (share * 10).rounded() / 10
        return "gpsd suite (\(layer)): \(matched)/\(expected) epochs match gpsd over \(logs) logs (\(percent) %); "
            + "every other epoch is a documented divergence"
            + (unlistedLogs.isEmpty ? "" : "; logs without an expectation: \(unlistedLogs.joined(separator: ", "))")
    }
}
