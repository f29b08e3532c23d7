/// The fixes a provider skipped as invalid, counted by cause; the first of each cause is announced on standard
/// error, the others only counted.
///
/// **Linux only.**
///
/// One line per cause, not per fix: a receiver that sends a bad time or an infinite accuracy with every update
/// would otherwise write a line a second for as long as it runs. ``summary`` gives the counts, for a line when
/// the provider stops. A value type; confine it to one thread or keep it behind a lock.
struct SkippedFixes {
    /// Names the provider in the announcements, for example `gpsd://127.0.0.1:2947`.
    let source: String
    /// Causes in order of first appearance, with their counts.
    private(set) var counts: [(cause: String, count: Int)] = []
    private let announce: @Sendable (String) -> Void

    /// Creates empty counts.
    ///
    /// - Parameters:
    ///   - source: Names the provider.
    ///   - announce: Where the first fix of each cause is told; standard error by default.
    init(source: String, announce: @escaping @Sendable (String) -> Void = { Diagnostics.warn($0) }) {
        self.source = source
        self.announce = announce
    }

    /// Counts one skipped fix; the first of `cause` is announced with `detail`.
    ///
    /// - Parameters:
    ///   - cause: What is wrong, the same text for every fix with this problem: `time before 1980`.
    ///   - detail: This fix's problem with its value: `time 1e+16 s since 1970 is more than a day ahead …`.
    mutating func skip(_ cause: String, _ detail: String) {
        if let index = counts.firstIndex(where: { $0.cause == cause }) {
            counts[index].count += 1
            return
        }
        counts.append((cause, 1))
        announce(
            Diagnostics.line(
                source, "fix skipped: \(detail) (further fixes skipped for this reason are counted, not shown)"))
    }

    /// Counts a fix whose time fails ``FixTime``.
    mutating func skip(_ problem: FixTime.Problem, time: Date) {
        skip(problem.cause, problem.detail(time))
    }

    /// All skipped fixes.
    var total: Int { counts.reduce(0) { $0 + $1.count } }

    /// `7 fixes skipped: CAUSE`, or with several causes `12 fixes skipped: CAUSE (4), CAUSE (8)`, when any fix
    /// was skipped that was not announced, else `nil`.
    var summary: String? {
        guard total > counts.count else { return nil }
        let causes =
            counts.count == 1 ? counts[0].cause : counts.map { "\($0.cause) (\($0.count))" }.joined(separator: ", ")
        return Diagnostics.line(source, "\(Diagnostics.count(total, "fix", plural: "fixes")) skipped: \(causes)")
    }
}
