import LinuxCoreLocation

/// The part of a ``LocationRequestCenter`` its callers change from any thread, behind the center's lock: request
/// numbers, the requests whose handlers may still run, and the authorization to ask for.
///
/// The queue's side (``LocationRequestCenter/requests``) follows it in order; a handler runs only while its
/// request is live here, so a cancel takes effect when the call returns, wherever it was made.
struct LocationRequestRegistry {
    /// A live request: whether it is a one-shot, and whether it was force-completed (its completion on its way).
    struct Entry {
        var isOneShot: Bool
        var isForced = false
    }

    /// What ``forceComplete(_:)`` made of an ID.
    enum Forcing {
        /// No live request has it, or it is already force-completed.
        case unknown
        /// A subscription: cancelled.
        case cancelled
        /// A one-shot request: its completion is to run.
        case forced
    }

    var authorizationRequest: CLLocationUpdateAuthorizationDescription
    private var lastID = 0
    private var live: [Int: Entry] = [:]

    init(authorizationRequest: CLLocationUpdateAuthorizationDescription) {
        self.authorizationRequest = authorizationRequest
    }

    /// The requests neither completed, force-completed nor cancelled.
    var pending: [Int] { live.filter { !$0.value.isForced }.map(\.key) }

    /// Numbers a new request, 1, 2, 3, …, and makes it live.
    mutating func add(oneShot: Bool) -> Int {
        lastID += 1
        live[lastID] = Entry(isOneShot: oneShot)
        return lastID
    }

    /// Whether the request's handlers may run.
    func isLive(_ id: Int) -> Bool { live[id] != nil }

    /// Ends a request that is not force-completed; returns whether one was cancelled.
    mutating func cancel(_ id: Int) -> Bool {
        guard let entry = live[id], !entry.isForced else { return false }
        live[id] = nil
        return true
    }

    /// Marks a one-shot request force-completed, or cancels a subscription.
    mutating func forceComplete(_ id: Int) -> Forcing {
        guard let entry = live[id], !entry.isForced else { return .unknown }
        guard entry.isOneShot else {
            live[id] = nil
            return .cancelled
        }
        live[id]?.isForced = true
        return .forced
    }

    /// Ends a request whose completion runs now; returns whether it was live (not cancelled meanwhile).
    mutating func complete(_ id: Int) -> Bool {
        live.removeValue(forKey: id) != nil
    }
}
