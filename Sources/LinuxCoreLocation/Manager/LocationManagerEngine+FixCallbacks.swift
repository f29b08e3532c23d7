extension LocationManagerEngine {
    /// One delegate call caused by fixes, in the order the fixes caused them.
    enum FixCallback {
        case locations([CLLocation])
        case paused
        case resumed
        case region(RegionMonitor.Event)
        case visit(CLVisit)
    }

    /// The delegate calls one event's fixes caused, in order.
    ///
    /// The first call is held inline: the usual event, one fix and one `didUpdateLocations`, makes no array per
    /// manager (an array made and freed for each of a thousand managers cost a tenth of a fix's fan-out).
    struct FixCallbacks: Sequence {
        private var first: FixCallback?
        private var rest: [FixCallback] = []

        var isEmpty: Bool { first == nil }

        mutating func append(_ callback: FixCallback) {
            if first == nil { first = callback } else { rest.append(callback) }
        }

        /// Adds `fix` to the `didUpdateLocations` call that ends the list, or starts one; with `alone`, the event's
        /// array when `fix` is its only fix.
        mutating func appendLocation(_ fix: CLLocation, alone: [CLLocation]?) {
            if let last = rest.indices.last {
                guard case .locations(let earlier) = rest[last] else { return rest.append(.locations([fix])) }
                rest[last] = .locations(earlier + [fix])
            } else if case .locations(let earlier)? = first {
                first = .locations(earlier + [fix])
            } else {
                append(.locations(alone ?? [fix]))
            }
        }

        /// The calls in order: the first, then the rest.
        struct Iterator: IteratorProtocol {
            fileprivate var first: FixCallback?
            fileprivate var rest: IndexingIterator<[FixCallback]>

            mutating func next() -> FixCallback? {
                guard let callback = first else { return rest.next() }
                first = nil
                return callback
            }
        }

        func makeIterator() -> Iterator {
            Iterator(first: first, rest: rest.makeIterator())
        }
    }
}
