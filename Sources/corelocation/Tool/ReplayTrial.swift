import Dispatch
import Foundation
import LinuxCoreLocation
import LocationSupport

/// A replay of a configured file tried as fast as possible up to its first fix or its end, so that `providers`
/// calls a file available only when it gives a fix.
///
/// A trial of the tool: `providers` said `available` of `gpx:/etc/passwd`, `nmea:/etc/passwd` and an empty file,
/// which `watch` then refused as invalid input. The trial reads the file through the replay itself (`?speed=max`,
/// on the replay's own clock, so a first fix late in the file comes at once), so it says what `watch` would say.
/// Only regular files are tried: reading a device, a FIFO or standard input would take what a command run after it
/// should read.
enum ReplayTrial {
    /// Why the replay `uri` names gives no fix — `invalid input: line 1: XML is not well-formed: …`, `it holds no
    /// fix` — or `nil` when a fix comes before its end, when it is not a replay of a regular file, or when neither
    /// came within `timeout`.
    ///
    /// - Parameters:
    ///   - uri: The configured provider URI.
    ///   - timeout: Seconds to wait for a fix or the end.
    /// - Returns: The reason, in a few words.
    static func problem(with uri: String, timeout: TimeInterval = 2) -> String? {
        guard let parsed = ProviderChoice.replayFile(of: uri), !parsed.namesStandardInput,
            FileKind(path: parsed.path) == .regularFile,
            let provider = try? LocationProviders.provider(for: fastURI(uri, parsed))
        else { return nil }
        let first = Locked<LocationProviderEvent?>(nil)
        let arrived = DispatchSemaphore(value: 0)
        provider.start { event in
            switch event {
            case .locations, .failed, .finished: break
            case .heading, .fixLost: return  // a log may begin without a fix
            }
            let isFirst = first.withLock { first in
                guard first == nil else { return false }
                first = event
                return true
            }
            if isFirst { arrived.signal() }
        }
        _ = arrived.wait(timeout: .now() + timeout)
        provider.stop()
        switch first.withLock({ $0 }) {
        case .failed(let error)?:
            guard let input = error.userInfo[NSUnderlyingErrorKey] as? ReplayInputError else { return "\(error)" }
            return "invalid input: " + CommandEnding.located(input)
        case .finished?: return "it holds no fix"
        default: return nil
        }
    }

    /// `uri` replayed as fast as possible and once: its other parameters kept, `speed` and `loop` replaced.
    private static func fastURI(_ uri: String, _ parsed: LocationProviderURI) -> String {
        let base = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let kept = parsed.parameters.filter { $0.name != "speed" && $0.name != "loop" }
        return base + "?" + (kept.map { "\($0.name)=\($0.value)" } + ["speed=max"]).joined(separator: "&")
    }
}
