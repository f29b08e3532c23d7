/// The fixes of a track that change its picture on a grid of cells: what a plot of a long track keeps
/// (``TrackPlotAccumulator``) and draws (one cell a pixel).
///
/// Fed the fixes in order, it keeps:
/// - of consecutive fixes in one cell with the same verdict of the filters, the first and the last, the last
///   standing for those between (``TrackPlot/Point/weight``, and the path length through them in
///   ``TrackPlot/Point/pathLengthBefore``);
/// - of a fix that moves to a cell already drawn, along a step between two cells already drawn (a track that goes
///   over the same ground again), nothing: it is counted in the weight of the fix kept in its cell, and its path
///   length passes to the next fix kept. When the track leaves that ground, the fix it leaves from is kept again
///   with weight 0, starting a new stroke (``TrackPlot/Point/startsStroke``: no line joins it to the fix before).
///
/// So it keeps about two fixes for each step between cells the track takes, however often it takes it.
struct TrackThinning {
    /// A cell of the grid and the verdict of the filters.
    private struct Cell: Hashable {
        let x: Int, y: Int, accepted: Bool
    }

    /// A step between two cells, either way.
    private struct Step: Hashable {
        let one: Cell, other: Cell

        init(_ a: Cell, _ b: Cell) {
            (one, other) = (a.x, a.y, a.accepted ? 1 : 0) < (b.x, b.y, b.accepted ? 1 : 0) ? (a, b) : (b, a)
        }
    }

    /// The fixes kept so far, in order (``finished()`` adds the end of the last segment).
    private(set) var kept: [TrackPlot.Point] = []
    private let key: (TrackPlot.Point) -> SIMD2<Int>
    /// The index in `kept` of the first fix kept in each cell.
    private var cells: [Cell: Int] = [:]
    private var steps: Set<Step> = []
    /// The fix before, its cell, and whether it was kept.
    private var previous: (point: TrackPlot.Point, cell: Cell, kept: Bool)?
    /// The path length of the accepted fixes dropped since the last accepted fix kept.
    private var pendingLength = 0.0

    /// A thinning on the cells `key` gives.
    init(key: @escaping (TrackPlot.Point) -> SIMD2<Int>) {
        self.key = key
    }

    /// The fixes that change the picture of `points`, on the cells `key` gives.
    static func thinned(_ points: [TrackPlot.Point], key: @escaping (TrackPlot.Point) -> SIMD2<Int>)
        -> [TrackPlot.Point]
    {
        var thinning = TrackThinning(key: key)
        for point in points { thinning.feed(point) }
        return thinning.finished()
    }

    /// Feeds the next fix; one that starts a segment must start a stroke too.
    mutating func feed(_ point: TrackPlot.Point) {
        let xy = key(point)
        let cell = Cell(x: xy.x, y: xy.y, accepted: point.accepted)
        if point.startsSegment { endSegment() }
        guard let previous, !point.startsStroke else {
            if point.startsSegment || cells[cell] == nil {
                keep(point, in: cell)
            } else {
                drop(point, in: cell)
            }
            return
        }
        if cell == previous.cell {
            guard previous.kept else { return drop(point, in: cell) }
            let count = kept.count
            if count >= 2, !kept[count - 1].startsStroke, kept[count - 2].accepted == point.accepted,
                key(kept[count - 2]) == xy
            {
                var merged = point
                merged.weight += kept[count - 1].weight
                merged.pathLengthBefore += kept[count - 1].pathLengthBefore
                kept[count - 1] = merged
                self.previous = (merged, cell, true)
            } else {
                keep(point, in: cell)
            }
            return
        }
        let step = Step(previous.cell, cell)
        if steps.contains(step), cells[cell] != nil { return drop(point, in: cell) }
        if !previous.kept { keepAgain(previous) }
        steps.insert(step)
        keep(point, in: cell)
    }

    /// The fixes kept, with the last fix of the last segment.
    mutating func finished() -> [TrackPlot.Point] {
        endSegment()
        return kept
    }

    /// Keeps the segment's last fix, and passes the path length still pending to its last accepted fix kept.
    private mutating func endSegment() {
        if let previous, !previous.kept { keepAgain(previous) }
        if pendingLength > 0, let last = kept.lastIndex(where: \.accepted) {
            kept[last].pathLengthBefore += pendingLength
        }
        pendingLength = 0
        previous = nil
    }

    /// Keeps a fix dropped before, starting a stroke, with weight 0 and no path length of its own: both were counted
    /// when it was dropped (its length is in `pendingLength`, which it takes).
    private mutating func keepAgain(_ dropped: (point: TrackPlot.Point, cell: Cell, kept: Bool)) {
        var start = dropped.point
        (start.weight, start.pathLengthBefore, start.startsStroke) = (0, 0, true)
        keep(start, in: dropped.cell)
    }

    private mutating func keep(_ point: TrackPlot.Point, in cell: Cell) {
        var point = point
        if point.accepted {
            point.pathLengthBefore += pendingLength
            pendingLength = 0
        }
        if cells[cell] == nil { cells[cell] = kept.count }
        kept.append(point)
        previous = (point, cell, true)
    }

    /// Counts `point` in the fix kept in its cell, and passes its path length on.
    private mutating func drop(_ point: TrackPlot.Point, in cell: Cell) {
        if let index = cells[cell] { kept[index].weight += point.weight }
        if point.accepted { pendingLength += point.pathLengthBefore }
        previous = (point, cell, false)
    }
}
