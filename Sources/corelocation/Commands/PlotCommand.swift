import Foundation
import GPX
import LinuxCoreLocation
import LocationBlocks
import LocationSupport
import NMEA0183

/// `corelocation plot FILE -o track.svg`: draws a GPX file's own points, or the fixes a replay of a GPX or NMEA
/// file delivers through a `CLLocationManager`, as an SVG picture.
///
/// A GPX file is drawn from its points (track segments, else routes, else waypoints, as a replay would
/// visit them); `--replay` draws its 1 Hz replay instead. An NMEA log is always replayed: its fixes are its
/// own epochs.
final class PlotCommand: NSObject, LinuxLocationManagerDelegate, ToolCommand {
    static let name = "plot"
    static let asksForAuthorization = false
    static let summary = "draw a GPX or NMEA track as SVG"
    static let operand: ToolOperand? = ToolOperand(placeholder: "FILE.gpx|FILE.nmea", count: 1...1, values: .files)
    static let options: [ToolOption] = [
        ToolOption(
            name: "output", short: "o", placeholder: "FILE.svg", summary: "where the picture goes",
            details: "(- for standard output)", values: .files, required: true),
        .accuracyFilter,
        ToolOption(
            name: "replay", placeholder: nil, summary: "draw the fixes of a GPX file's replay",
            details: "instead of its points"),
        .ageFilter,
    ]
    static let details = """
        Draws a track as SVG (no map tiles needed): the path of each segment, translucent accuracy circles,
        start and end markers, a scale bar, a legend, and in red the fixes --accuracy-filter rejects (as in
        watch; 0 for none). A GPX file is drawn from its own points; --replay draws the fixes of its replay
        instead (one a second between points), which --age-filter S can also filter. An NMEA log is replayed.
        -o - writes to standard output.
        """

    private let input: String
    private let output: String
    private let accuracyFilter: CLLocationAccuracy
    private let ageFilter: TimeInterval
    private let replaysGPX: Bool
    private var manager: CLLocationManager?
    /// The fixes delivered so far, thinned when there are many (memory that does not grow with the track).
    private var track = TrackPlotAccumulator()
    /// The fixes of the last delivery, until the next: the delegate sees each before the update block does, which
    /// marks in `accepted` those it passes.
    private var delivered: [CLLocation] = []
    private var accepted: Set<ObjectIdentifier> = []

    init(_ arguments: Arguments) throws {
        input = arguments.positionals[0]
        guard input != "-" else {
            throw Arguments.UsageError(
                description: "plot draws a file, not standard input: save it to a file first (e.g. track.nmea)")
        }
        guard let output = arguments.value("output") else {
            throw Arguments.UsageError(description: "plot needs -o FILE.svg (or -o - for standard output)")
        }
        self.output = output
        accuracyFilter =
            try arguments.number("accuracy-filter", in: 0...1e9, unit: "metres") ?? kCLUpdateAccuracyFilterNone
        ageFilter = try arguments.number("age-filter", in: 0...1e9, unit: "seconds") ?? kCLLocationAgeFilterNone
        replaysGPX = arguments.flag("replay")
        if ageFilter != kCLLocationAgeFilterNone && !replaysGPX && Self.looksLikeGPX(input) {
            throw Arguments.UsageError(
                description: "--age-filter applies to a replay; add --replay to draw the GPX file's replay")
        }
    }

    func run() -> Never {
        Self.checkPlottable(input)
        // Written, the picture would replace the track it is drawn from: `plot same.gpx -o same.gpx` did, exit 0.
        if output != "-", LocalFiles.isSameFile(output, as: input) {
            Terminal.exit(
                .cannotCreate,
                "cannot write \(output): it is the file being drawn; choose another name for the picture")
        }
        let isGPX = Self.looksLikeGPX(input)
        if isGPX && !replaysGPX { drawPoints() }
        let provider = replayProvider(isGPX: isGPX)
        let manager: CLLocationManager = CLLocationManager.update(
            withAccuracy: accuracyFilter, locationAge: ageFilter,
            configuration: LocationManagerConfiguration(
                provider: provider, authorization: LocationAuthorization(status: .authorizedWhenInUse)))
        manager.delegate = self
        manager.pausesLocationUpdatesAutomatically = false  // the picture shows every fix
        self.manager = manager
        manager.startUpdatingLocation { [unowned self] _, location, _, _ in
            if let location { accepted.insert(ObjectIdentifier(location)) }
        }
        dispatchMain()
    }

    /// Ends the command unless `path` is a regular file that can be read: missing, a directory, unreadable, or a
    /// device, FIFO or socket (exit 66).
    ///
    /// A device is no file to draw (issue 32: `plot /dev/null` was turned into the provider URI
    /// `nmea:/dev/null?speed=max`, which the serial provider refused as a usage error, naming a URI the user never
    /// wrote; `/dev/zero` would be read for ever), and a FIFO or pipe can be read only once, while `plot` looks at a
    /// file's first bytes before it draws it.
    static func checkPlottable(_ path: String) {
        ProviderChoice.checkReadable(path)
        guard let kind = FileKind(path: path), kind != .regularFile else { return }
        Terminal.exit(
            .noInput, "cannot read \(path): it is \(kind), not a file; plot draws a GPX file or an NMEA log")
    }

    /// The replay of the input, as fast as possible: made from the path itself, not from a provider URI, so that
    /// no character of the path is taken for part of a URI.
    private func replayProvider(isGPX: Bool) -> any LocationProvider {
        let options = ReplayOptions(speed: .asFastAsPossible)
        if isGPX, let provider = try? GPXReplay.provider(contentsOf: URL(literalFilePath: input), options: options) {
            return provider
        }
        var decoderOptions = NMEADecoderOptions()
        decoderOptions.includesFieldValues = LocationProviders.diagnosticsIncludeFieldValues
        let (path, decoding) = (input, decoderOptions)
        return ReplayLocationProvider(
            identifier: "nmea:\(path)", capabilities: [.location, .course, .altitude, .accuracy], options: options,
            isAvailable: { true }, open: { try NMEAReplaySource(path: path, options: decoding) })
    }

    /// Draws a GPX file's own points, each segment its own path (``GPXPointsPlot``), reading the file as it goes.
    private func drawPoints() -> Never {
        var points = GPXPointsPlot(accepts: passesAccuracyFilter)
        var summary: GPXReadSummary?
        // The error in the document, after which the points before it are drawn, as a replay replays them.
        var invalidInput: String?
        do {
            summary = try GPXReader(mode: .lenient).read(contentsOf: URL(literalFilePath: input)) { points.add($0) }
        } catch let diagnostic as GPXDiagnostic where diagnostic.kind != .io {
            // Worded as the replay's ending words it (`watch`, `plot --replay`), not as the reader's diagnostic
            // behind "invalid input: ", which said "error:" twice.
            invalidInput = CommandEnding.invalidInput(ReplayInputError(diagnostic), from: input)
        } catch {
            Terminal.exit(.noInput, "cannot read \(input): \(error)")
        }
        if let skipped = summary?.skippedDescription { Terminal.note("\(input): warning: \(skipped)") }
        // As a replay of the file says them (`watch`, `plot --replay`): the first, then the count when there are more.
        if let backward = points.backwardTimes {
            Terminal.note(
                "\(input): warning: a <time> goes back (\(FixTime.text(of: backward.first.time)) after "
                    + "\(FixTime.text(of: backward.first.after))): the point is drawn where the file puts it, as any "
                    + "later one that goes back is")
            if backward.count > 1 {
                Terminal.note(
                    "\(input): warning: \(backward.count) points whose <time> went back were drawn where the file puts "
                        + "them")
            }
        }
        guard let drawn = points.drawn else {
            let noPoints = ReplayInputError(source: input, reason: "no track points, route points or waypoints")
            Terminal.exit(.invalidInput, invalidInput ?? CommandEnding.invalidInput(noPoints, from: input))
        }
        write(
            TrackPlot(drawn, title: title(track: points.trackName, document: points.documentName)), noun: "point",
            endingWith: invalidInput.map { (.invalidInput, $0) })
    }

    /// The picture's title: the file's name, then its first named track's name, else its `<metadata><name>`
    /// (`walk.gpx — Morning walk`; a recording of the sample says so there).
    private func title(track: String?, document: String?) -> String {
        let file = URL(literalFilePath: input).lastPathComponent
        return (track ?? document).map { "\(file) — \($0)" } ?? file
    }

    /// The blocks layer's accuracy filter (`updateAccuracyFilter`) on one fix: off at 0, else at most the
    /// threshold and valid.
    private func passesAccuracyFilter(_ location: CLLocation) -> Bool {
        accuracyFilter == kCLUpdateAccuracyFilterNone
            || (location.horizontalAccuracy >= 0 && location.horizontalAccuracy <= accuracyFilter)
    }

    /// GPX by extension, else by a leading `<` in the first bytes.
    static func looksLikeGPX(_ path: String) -> Bool {
        if path.lowercased().hasSuffix(".gpx") { return true }
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 64)) ?? Data()
        return String(decoding: head, as: UTF8.self).drop { $0.isWhitespace || $0 == "\u{FEFF}" }.hasPrefix("<")
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        addDelivered()
        delivered = locations
    }

    /// Adds the fixes of the last delivery to the track, with the verdict of the update block.
    private func addDelivered() {
        for location in delivered { track.add(location, accepted: accepted.contains(ObjectIdentifier(location))) }
        delivered = []
        accepted = []
    }

    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        guard let error = error as? CLError,
            let ending = CommandEnding(error, authorization: manager.authorizationStatus, provider: input)
        else { return }
        addDelivered()
        // A file cut short: the fixes replayed before the error are drawn, as `watch` writes them.
        guard track.fixCount > 0 else { Terminal.exit(ending.status, ending.message) }
        writeReplay(endingWith: (ending.status, ending.message))
    }

    func locationManagerProviderDidFinish(_ manager: CLLocationManager) {
        addDelivered()
        writeReplay()
    }

    /// Writes the picture of the replayed fixes and ends the command, with `failure` when one ended the replay.
    private func writeReplay(endingWith failure: (status: ExitStatus, message: String)? = nil) -> Never {
        // A trial of the tool: `--replay` drew a GPX file under its file name alone, without its track's name.
        let names =
            replaysGPX ? GPXPointsPlot.names(ofDocumentAt: URL(literalFilePath: input)) : (track: nil, document: nil)
        write(
            TrackPlot(track, title: title(track: names.track, document: names.document)), noun: "fix",
            endingWith: failure)
    }

    /// Writes the picture and ends the command; `noun` (singular) names what was drawn in the closing line.
    ///
    /// - Parameters:
    ///   - plot: The picture.
    ///   - noun: What a point of it is, in the closing line: `fix` or `point`.
    ///   - failure: The status and error line to end with after the picture, when the input failed after what was
    ///     drawn; `nil` to end with status 0.
    private func write(
        _ plot: TrackPlot, noun: String, endingWith failure: (status: ExitStatus, message: String)? = nil
    ) -> Never {
        let svg = plot.svg()
        if output == "-" {
            Terminal.write(svg)
        } else {
            if let problem = LocalFiles.write(Array(svg.utf8), to: output) {
                Terminal.exit(.cannotCreate, "cannot write \(output): \(problem)")
            }
            Terminal.note(
                "wrote \(output): \(Numbers.count(plot.fixCount, noun, plural: noun == "fix" ? "fixes" : nil)), "
                    + "\(plot.acceptedCount) accepted")
        }
        if let failure { Terminal.exit(failure.status, failure.message) }
        Terminal.exit(.success)
    }
}
