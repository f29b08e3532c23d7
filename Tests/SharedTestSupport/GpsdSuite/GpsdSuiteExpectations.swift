/// What one gpsd regression log is expected to give, at every layer: the decoder, the NMEA provider through a
/// `CLLocationManager`, and the command-line tool's JSON Lines.
public struct GpsdLogExpectation: Sendable {
    /// gpsd's fixed epochs in the `.chk` (read from gpsd's output, not from ours).
    public var epochs: Int
    /// The epochs that do not match, by kind; empty when every epoch matches.
    public var divergences: [GpsdDivergence: Int]
    /// Why they do not match, with the evidence; nil when every epoch matches.
    public var cause: String?
    private var decoderOverride: [GpsdDivergence: Int]?

    /// Creates an expectation.
    ///
    /// - Parameters:
    ///   - epochs: gpsd's fixed epochs.
    ///   - divergences: The epochs that do not match, by kind.
    ///   - decoderDivergences: What a bare decoder shows, when it is not `divergences` less the speed and course
    ///     it leaves to the provider (an epoch whose derived speed differs from gpsd's has no speed to compare at
    ///     the decoder).
    ///   - cause: Why, with the evidence.
    public init(
        epochs: Int, divergences: [GpsdDivergence: Int] = [:], decoderDivergences: [GpsdDivergence: Int]? = nil,
        cause: String? = nil
    ) {
        self.epochs = epochs
        self.divergences = divergences
        self.cause = cause
        decoderOverride = decoderDivergences
    }

    /// The divergences a bare decoder shows: by default the same, less speed and course it leaves to the
    /// provider to derive.
    public var decoderDivergences: [GpsdDivergence: Int] {
        decoderOverride ?? divergences.filter { !GpsdDivergence.derivedMotion.contains($0.key) }
    }
}

/// The per-log expectations of gpsd's NMEA regression suite (../shared/data/gpsd-logs and gpsd-suite, 96 logs),
/// each divergence named with its cause (Docs/NMEA0183.docc/DecodingNMEA.md, "Conformance with gpsd").
///
/// A log added to the folders that is not listed here is expected to match gpsd in every epoch; when it does
/// not, the test says so and asks for an entry with its cause.
public enum GpsdSuiteExpectations {
    /// Garmin's altitude sent twice (garmin38, tn204).
    static let garminAltitude =
        "Garmin sends the altitude twice: GGA in decimetres, then PGRMZ in whole feet. gpsd takes the later PGRMZ "
        + "(garmin38 14:22:16: 126 ft = 38.4048 m); we keep the GGA's finer value (38.4 m; the two agree within the "
        + "PGRMZ's ±0.15 m rounding) and use PGRMZ only when an epoch has no GGA altitude."

    /// Every known log by name.
    public static let byLog: [String: GpsdLogExpectation] = [
        "GPSmap-76S": GpsdLogExpectation(epochs: 0),
        "ais-18-27": GpsdLogExpectation(epochs: 0),
        "ais-nmea": GpsdLogExpectation(epochs: 161),
        "ais-nmea-type6-fid55": GpsdLogExpectation(epochs: 0),
        "ais-raw-messages": GpsdLogExpectation(epochs: 0),
        "ais_unpack_sixbit": GpsdLogExpectation(epochs: 0),
        "ait250": GpsdLogExpectation(epochs: 33),
        "april6_2019": GpsdLogExpectation(
            epochs: 1, divergences: [.rolloverOurs: 1],
            cause:
                "The Telit HE910's RMC says 22 Aug 1999 just after the 2019-04-06 GPS week rollover (the log's header says "
                + "so): gpsd keeps 1999-08-22, we move it 1024 weeks to 2019-04-07 (GPSWeekRollover); every value agrees."
        ),
        "beidou-bd": GpsdLogExpectation(epochs: 4),
        "beidou-gb": GpsdLogExpectation(epochs: 1),
        "blumax-gps009": GpsdLogExpectation(epochs: 3),
        "bn-9015": GpsdLogExpectation(epochs: 5),
        "bt-q818": GpsdLogExpectation(epochs: 10),
        "bt451": GpsdLogExpectation(epochs: 12),
        "bu353-glonass": GpsdLogExpectation(epochs: 9),
        "bundg_zeus_9": GpsdLogExpectation(
            epochs: 147, divergences: [.latitude: 37, .longitude: 38, .speed: 38, .course: 27, .courseOnlyInGpsd: 1],
            decoderDivergences: [.latitude: 37, .longitude: 38, .speed: 37, .course: 27],
            cause:
                "From line 1382 (09:48:17) the Zeus stamps GLL and RMC one second later than the GGA of the same position. "
                + "Ours keep each GGA's position with its own time, and the RMC's speed and course (≈ 5.7 kn, matching the "
                + "≈ 3 m between consecutive GGA positions); gpsd's last report of each such second has the stale GLL/RMC "
                + "position, no altitude, a speed derived from two equal positions (0.0 or 0.291 m/s) and a track taken "
                + "from the HDG compass heading (heading is not course). 09:48:54 has no GGA: its speed is derived."),
        "ch-4701": GpsdLogExpectation(epochs: 26),
        "ch-4711": GpsdLogExpectation(epochs: 7),
        "eXplorist110": GpsdLogExpectation(epochs: 0),
        "eXplorist210": GpsdLogExpectation(epochs: 7),
        "firefly-II": GpsdLogExpectation(epochs: 23),
        "foretrex-201": GpsdLogExpectation(epochs: 6),
        "furuno_gl_ga": GpsdLogExpectation(epochs: 16),
        "garmin-10x": GpsdLogExpectation(epochs: 9),
        "garmin-geko201": GpsdLogExpectation(epochs: 0),
        "garmin15x": GpsdLogExpectation(epochs: 7),
        "garmin17n": GpsdLogExpectation(epochs: 2),
        "garmin25lp": GpsdLogExpectation(epochs: 10),
        "garmin38": GpsdLogExpectation(
            epochs: 5, divergences: [.altitudeMSL: 5],
            cause: garminAltitude),
        "garmin48": GpsdLogExpectation(
            epochs: 8, divergences: [.speedOnlyInGpsd: 1],
            cause:
                "22:53:33 follows a 15 s gap in the capture (the GLL jumps from 22:53:18 to 22:53:33): gpsd derives 0.0 m/s "
                + "across the gap; we derive speed only between fixes at most 10 s apart (NMEADerivedMotion)."),
        "geos-1m": GpsdLogExpectation(epochs: 6),
        "gp-320fw-2019-03-28": GpsdLogExpectation(epochs: 19),
        "gp-320fw-2019-04-06-overflow": GpsdLogExpectation(epochs: 19),
        "gp-320fw-2019-04-07-coldboot": GpsdLogExpectation(epochs: 1),
        "gps-360": GpsdLogExpectation(epochs: 13),
        "gpsdf": GpsdLogExpectation(epochs: 51),
        "gpslim236": GpsdLogExpectation(epochs: 20),
        "gr601-w": GpsdLogExpectation(epochs: 9),
        "gr8013-w": GpsdLogExpectation(epochs: 3),
        "hab-gpspi": GpsdLogExpectation(epochs: 3),
        "haicom-305N": GpsdLogExpectation(epochs: 67),
        "hemi": GpsdLogExpectation(epochs: 6),
        "holux-gm-210": GpsdLogExpectation(epochs: 0),
        "hp58534a": GpsdLogExpectation(epochs: 0),
        "humminbird-M37": GpsdLogExpectation(
            epochs: 22, divergences: [.speed: 1],
            cause:
                "19:41:02 is a GLL and a VTG: we report the VTG's 5.2 kn (2.675 m/s), the receiver's own speed; gpsd's last "
                + "report of that second lacks the VTG and keeps 2.256 m/s derived from the 2.25 m between the 19:41:01 and "
                + "19:41:02 positions."),
        "magellan-ec10": GpsdLogExpectation(epochs: 21),
        "magellan315": GpsdLogExpectation(epochs: 4),
        "meinberg-gps164": GpsdLogExpectation(epochs: 70),
        "motorola-t805": GpsdLogExpectation(epochs: 15),
        "mr-350p": GpsdLogExpectation(epochs: 13),
        "mt3339": GpsdLogExpectation(epochs: 30),
        "mtk-3301": GpsdLogExpectation(epochs: 3),
        "mtk-3329": GpsdLogExpectation(epochs: 5),
        "myguide-3100": GpsdLogExpectation(epochs: 8),
        "nd-1005": GpsdLogExpectation(epochs: 16),
        "nl2008u": GpsdLogExpectation(epochs: 9),
        "nl551e": GpsdLogExpectation(epochs: 14),
        "nmea-fuzzy-cases": GpsdLogExpectation(epochs: 14),
        "nmea-rtk": GpsdLogExpectation(epochs: 122),
        "nokia-ld-4w": GpsdLogExpectation(epochs: 19),
        "polarx2": GpsdLogExpectation(epochs: 5),
        "pypilot": GpsdLogExpectation(epochs: 0),
        "quectel": GpsdLogExpectation(epochs: 34),
        "quectel-L70": GpsdLogExpectation(epochs: 16),
        "quectel-eg25-g": GpsdLogExpectation(epochs: 23),
        "quectel-l76k-nmea": GpsdLogExpectation(epochs: 150),
        "quectelLC79D": GpsdLogExpectation(epochs: 30),
        "quectelLC79D-1": GpsdLogExpectation(epochs: 29),
        "rgm3800": GpsdLogExpectation(epochs: 1),
        "rst39": GpsdLogExpectation(
            epochs: 40, divergences: [.rolloverGpsd: 40],
            cause:
                "The OxTS RT's RMC says 19-02-14: we report 2014-02-19; gpsd moves it 1024 weeks forward to 2033-10-05 (its "
                + "guess for dates before 2017, timebase.c; the log's own header says 2015-03-10); every other value agrees."
        ),
        "rx210": GpsdLogExpectation(epochs: 40),
        "sirfstarv-nmea": GpsdLogExpectation(epochs: 59),
        "skytraq": GpsdLogExpectation(epochs: 0),
        "skytraq-PX1172RH_DS": GpsdLogExpectation(epochs: 9),
        "skytraq-err": GpsdLogExpectation(epochs: 0),
        "skytraq-fix": GpsdLogExpectation(epochs: 11),
        "skytraq-fixB": GpsdLogExpectation(epochs: 6),
        "sl869": GpsdLogExpectation(epochs: 8),
        "sounder": GpsdLogExpectation(epochs: 0),
        "st-teseo-liv3f": GpsdLogExpectation(epochs: 28),
        "st-teseo-liv4f": GpsdLogExpectation(epochs: 12),
        "telit-he910": GpsdLogExpectation(epochs: 187),
        "telit-pls83-w": GpsdLogExpectation(epochs: 10),
        "tn200": GpsdLogExpectation(epochs: 0),
        "tn200-all": GpsdLogExpectation(epochs: 0),
        "tn204": GpsdLogExpectation(
            epochs: 7, divergences: [.altitudeMSL: 3],
            cause: garminAltitude),
        "tnt-revolution": GpsdLogExpectation(epochs: 0),
        "tomtom-mkII": GpsdLogExpectation(epochs: 4),
        "tr737A+": GpsdLogExpectation(epochs: 7),
        "triton400": GpsdLogExpectation(epochs: 5),
        "ublox-8": GpsdLogExpectation(epochs: 72),
        "ublox-lea-4h": GpsdLogExpectation(epochs: 8),
        "ublox-lea-4s": GpsdLogExpectation(epochs: 2),
        "ublox-lea-5q": GpsdLogExpectation(epochs: 0),
        "ublox-neo-m9n-nmea": GpsdLogExpectation(epochs: 61),
        "ublox-zed-f9p-nmea": GpsdLogExpectation(epochs: 29),
    ]
}
