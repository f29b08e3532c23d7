import Foundation
import GPX
import LinuxCoreLocation
import LocationSupport

/// `corelocation record FILE.gpx`: records fixes to a GPX track with `GPXRecorder`, showing a live status
/// line on standard error when it is a terminal; Ctrl-C, SIGTERM and SIGHUP finish the file cleanly (flushed to
/// disk, with the summary line), and a file that cannot be written any more (a full disk) ends the recording with
/// status 73, the file holding every fix written before as complete GPX.
///
/// Isolated to the main actor: it runs there, and its recorder's callbacks and status timer come to the main queue.
@MainActor final class RecordCommand: ToolCommand {
    nonisolated static let name = "record"
    nonisolated static let summary = "record fixes to a GPX file"
    nonisolated static let operand: ToolOperand? = ToolOperand(placeholder: "FILE.gpx", count: 1...1, values: .files)
    nonisolated static let options: [ToolOption] = [.provider, .duration]
    nonisolated static let details = """
        Records fixes to a new GPX file (owner-only permissions; valid after every fix) until the provider
        ends, --duration passes, or Ctrl-C. A status line shows fixes, distance, elapsed time and accuracy.
        """

    private let path: String
    private let duration: TimeInterval?
    private let provider: any LocationProvider
    /// Whether the file is removed at the end: the recording failed before its first fix.
    private var discardsFile = false

    init(_ arguments: Arguments) throws {
        path = arguments.positionals[0]
        guard !path.isEmpty else {
            throw Arguments.UsageError(description: "record needs a file name, found \"\"; e.g. record walk.gpx")
        }
        // `-` means standard input or output elsewhere; a recording is a file (synced, owner-only, valid after every
        // fix), so a file named `-` is refused rather than created (issue 32).
        guard path != "-" else {
            throw Arguments.UsageError(
                description: "record writes a file, not standard output; for GPX on standard output use "
                    + "watch --format gpx, or write ./- to name a file -")
        }
        if FileManager.default.fileExists(atPath: path) {
            Terminal.exit(.cannotCreate, "\(path) already exists; choose another name or remove it first")
        }
        duration = try arguments.limit("duration", unit: "seconds")
        provider = try ProviderChoice.resolve(arguments.value("provider"), fallsBackToSample: false).provider
    }

    func run() -> Never {
        // Denied before anything starts: say so, and create no file.
        let authorization = LocationAuthorization.shared.status
        if authorization == .denied || authorization == .restricted {
            Terminal.exit(.unavailable, "location access is \(authorization.name)")
        }
        let session = Session(writer: EventWriter(format: .text))
        let recorder: GPXRecorder
        do {
            recorder = try GPXRecorder(
                url: URL(literalFilePath: path),
                options: EventWriter.gpxOptions(marksSample: provider is SampleProvider),
                configuration: LocationManagerConfiguration(provider: provider),
                providerDidFinish: { _ in DispatchQueue.main.async { session.finish(.success) } },
                writeDidFail: { recorder in
                    DispatchQueue.main.async {
                        if let error = recorder.error { self.fail(error, recorder: recorder, session: session) }
                    }
                })
        } catch {
            // A GPX diagnostic names the file already: `x.gpx: error: cannot create file: No such file or directory`.
            let reason = (error as? GPXDiagnostic).map {
                $0.message.replacingOccurrences(of: "cannot create file: ", with: "")
            }
            Terminal.exit(.cannotCreate, "cannot create \(path): \(reason ?? "\(error)")")
        }
        let started = Date()
        // The live line, rewritten in place: fixes, distance, elapsed time, the last fix's accuracy.
        let showStatus = {
            guard Terminal.errorIsTerminal else { return }
            let accuracy =
                recorder.lastLocation.map { "±" + Numbers.fixed($0.horizontalAccuracy, 1) + " m" } ?? "no fix"
            Terminal.writeError(
                "\r" + Self.status(fixes: recorder.fixCount, distance: recorder.distance, since: started)
                    + "  \(accuracy)   ")
        }
        session.onFinish {
            recorder.stop()
            do {
                try recorder.finish()
            } catch {
                Terminal.note("error: finishing \(self.path): \(error)")
            }
            // The live line's last state agrees with the summary: fixes that came since its last tick are counted.
            showStatus()
            if Terminal.errorIsTerminal { Terminal.writeError("\n") }
            if self.discardsFile {
                try? FileManager.default.removeItem(atPath: self.path)
                return
            }
            Terminal.note(
                "recorded \(Numbers.count(recorder.fixCount, "fix", plural: "fixes")), \(Numbers.fixed(recorder.distance, 0)) m, in \(self.path)"
            )
        }
        let status = DispatchSource.makeTimerSource(queue: .main)
        status.schedule(deadline: .now() + 1, repeating: 1)
        status.setEventHandler {
            // The timer's queue is the main queue (`assumeIsolated` checks it).
            MainActor.assumeIsolated {
                if let error = recorder.error { self.fail(error, recorder: recorder, session: session) }
                showStatus()
            }
        }
        status.resume()
        recorder.start()
        session.start(duration: duration)
        dispatchMain()
    }

    /// The live line's count, distance and elapsed time: `1 fix  12 m  3 s`.
    nonisolated static func status(fixes: Int, distance: CLLocationDistance, since started: Date) -> String {
        Numbers.count(fixes, "fix", plural: "fixes") + "  \(Numbers.fixed(distance, 0)) m  "
            + "\(Int(Date().timeIntervalSince(started))) s"
    }

    /// Ends the recording on the recorder's first error.
    ///
    /// A provider's error (denied, failed, invalid input) ends it with the status every command gives it, a write
    /// error with 73. A recording that failed before its first fix leaves no file behind.
    private func fail(_ error: any Error, recorder: GPXRecorder, session: Session) -> Never {
        guard let locationError = error as? CLError,
            let ending = CommandEnding(
                locationError, authorization: LocationAuthorization.shared.status, provider: provider.identifier)
        else {
            session.finish(
                .cannotCreate,
                "writing \(path) failed: \(error); it holds the \(recorder.fixCount) fixes written before, as complete GPX"
            )
        }
        discardsFile = recorder.fixCount == 0
        session.finish(ending.status, ending.message)
    }
}
