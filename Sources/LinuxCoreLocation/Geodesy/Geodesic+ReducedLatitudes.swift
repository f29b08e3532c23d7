extension Geodesic {
    /// The reduced latitudes of the last inverse problem's two end points, kept for the next problem that shares
    /// one of them, as consecutive legs of a track do.
    ///
    /// ``reducedLatitude(_:)`` is a pure function of its argument, and an entry is used only for exactly the same
    /// argument (the same bits, after the inverse problem's symmetry reductions), so a remembered value is the one
    /// the computation would give: results stay bit for bit the same. Saves a sine, a cosine and a hypotenuse per
    /// leg. A plain value; each user (a replay's planner) keeps its own.
    struct ReducedLatitudes {
        private struct Entry {
            var latitude: UInt64
            var value: (sin: Double, cos: Double)
        }

        private var first: Entry?
        private var second: Entry?

        /// ``Geodesic/reducedLatitude(_:)`` of `latitude` and of `other`, each remembered from the last call or worked
        /// out; both are remembered for the next call.
        mutating func of(_ latitude: Double, andOf other: Double) -> (
            (sin: Double, cos: Double), (sin: Double, cos: Double)
        ) {
            let entries = (first, second)
            let values = (Self.lookUp(latitude, in: entries), Self.lookUp(other, in: entries))
            first = Entry(latitude: latitude.bitPattern, value: values.0)
            second = Entry(latitude: other.bitPattern, value: values.1)
            return values
        }

        private static func lookUp(_ latitude: Double, in entries: (Entry?, Entry?)) -> (sin: Double, cos: Double) {
            let bits = latitude.bitPattern
            if let entry = entries.0, entry.latitude == bits { return entry.value }
            if let entry = entries.1, entry.latitude == bits { return entry.value }
            return reducedLatitude(latitude)
        }
    }
}
