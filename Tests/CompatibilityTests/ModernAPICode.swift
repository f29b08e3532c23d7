// Code written the way Apple's iOS 17 and 18 samples use CoreLocation: a service session held by a view
// model, its diagnostics, a background activity session, live updates with the iOS 18 flags, and a monitor
// with a beacon condition. It must compile unchanged with only the import switched.
#if canImport(CoreLocation)
    import CoreLocation
#else
    import LinuxCoreLocation
#endif

/// What the model saw, in order.
struct ModernTrace: Sendable {
    var messages: [String] = []
    var firstLocation: CLLocation?
}

final class ModernLocationModel: Sendable {
    /// Holds a when-in-use session while it reads the first diagnostic, then the first live update with a
    /// location, then checks a beacon condition; returns what it saw.
    func firstFix() async throws -> ModernTrace {
        var trace = ModernTrace()
        let session = CLServiceSession(authorization: .whenInUse)
        defer { session.invalidate() }
        for try await diagnostic in session.diagnostics {
            if diagnostic.authorizationDenied || diagnostic.authorizationDeniedGlobally {
                trace.messages.append("denied")
            } else if diagnostic.authorizationRestricted {
                trace.messages.append("restricted")
            } else if diagnostic.insufficientlyInUse || diagnostic.serviceSessionRequired {
                trace.messages.append("not in use")
            } else if diagnostic.alwaysAuthorizationDenied || diagnostic.fullAccuracyDenied {
                trace.messages.append("limited")
            } else if !diagnostic.authorizationRequestInProgress {
                trace.messages.append("ready")
            }
            break
        }
        let background = CLBackgroundActivitySession()
        defer { background.invalidate() }
        for try await diagnostic in background.diagnostics {
            trace.messages.append(diagnostic.authorizationDenied ? "background denied" : "background ok")
            break
        }
        for try await update in CLLocationUpdate.liveUpdates() {
            if update.authorizationDenied || update.authorizationDeniedGlobally || update.authorizationRestricted {
                trace.messages.append("updates denied")
                break
            }
            if update.locationUnavailable || update.insufficientlyInUse || update.serviceSessionRequired
                || update.authorizationRequestInProgress || update.accuracyLimited
            {
                continue
            }
            if let location = update.location {
                trace.firstLocation = location
                trace.messages.append(update.stationary || update.isStationary ? "stationary" : "moving")
                break
            }
        }
        let monitor = await CLMonitor("lobby")
        await monitor.add(
            CLMonitor.BeaconIdentityCondition(uuid: UUID(), major: 1, minor: 2), identifier: "lobby-beacon")
        let record = await monitor.record(for: "lobby-beacon")
        trace.messages.append("beacon \(record?.lastEvent.state == .unknown ? "unknown" : "decided")")
        return trace
    }
}
