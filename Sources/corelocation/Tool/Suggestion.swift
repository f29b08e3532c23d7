/// The known word a mistyped one most likely meant, for "did you mean" in usage errors: `--provder` → `--provider`,
/// `wacth` → `watch`.
enum Suggestion {
    /// The candidate nearest to `word` — at most 1 edit away for words of up to 4 letters, 2 for longer ones (an
    /// edit: a letter added, dropped, changed, or two neighbours swapped) — or the only candidate that begins with
    /// it (3 letters or more); `nil` when none is that close, or two are equally close.
    static func nearest(to word: String, among candidates: some Sequence<String>) -> String? {
        let typed = Array(word.lowercased())
        let limit = typed.count <= 4 ? 1 : 2
        var best: (candidate: String, distance: Int)?
        var tied = false
        for candidate in candidates {
            let distance = editDistance(typed, Array(candidate.lowercased()))
            guard distance <= limit else { continue }
            if let current = best, distance >= current.distance {
                if distance == current.distance && candidate != current.candidate { tied = true }
                continue
            }
            (best, tied) = ((candidate, distance), false)
        }
        if let best, !tied { return best.candidate }
        guard best == nil, typed.count >= 3 else { return nil }
        let extended = Set(candidates.filter { $0.lowercased().hasPrefix(word.lowercased()) })
        return extended.count == 1 ? extended.first : nil
    }

    /// `"; did you mean X?"` for the nearest candidate, else empty: the end of a usage error.
    static func didYouMean(_ word: String, among candidates: some Sequence<String>, prefix: String = "") -> String {
        nearest(to: word, among: candidates).map { "; did you mean \(prefix)\($0)?" } ?? ""
    }

    /// The optimal string alignment distance: insertions, deletions, substitutions and adjacent transpositions.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
