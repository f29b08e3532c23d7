import Foundation

/// What the decoder reports, in input order.
public enum NMEAEvent: Sendable, Hashable {
    /// An epoch with a valid position.
    case fix(NMEAFix)
    /// An epoch in which the receiver reported no fix (GGA quality 0, RMC/GLL status V, GSA mode 1, empty position).
    case noFix(NMEANoFix)
    /// A heading (HDT, HDG, HDM, valid THS), reported as soon as it arrives; one sentence type per epoch.
    case heading(NMEAHeading)
    /// An accepted sentence, typed or raw (only with ``NMEADecoderOptions/reportsSentences``).
    case sentence(NMEAMessage)
}

/// An epoch without a usable position.
public struct NMEANoFix: Sendable, Hashable {
    /// The UTC time of day of the epoch, when any sentence carried one.
    public var timeOfDay: NMEATimeOfDay?
    /// The UTC instant, when the date is known too.
    public var timestamp: Date?
    /// The 1-based input line of the epoch's first sentence.
    public var line: Int
}

/// A heading: the direction the vehicle points (not its course), true, magnetic or both.
public struct NMEAHeading: Sendable, Hashable {
    /// The sentence type that supplied it.
    public enum Source: String, Sendable, Hashable {
        /// `HDT` (true).
        case hdt = "HDT"
        /// `HDG` (magnetic sensor heading, deviation, variation).
        case hdg = "HDG"
        /// `HDM` (magnetic).
        case hdm = "HDM"
        /// `THS` (true, with a validity mode).
        case ths = "THS"
    }

    /// Heading in degrees clockwise from true north, 0..<360; nil when unknown (an HDG or HDM without a
    /// magnetic variation from the sentence or from the stream's last valid RMC).
    public var trueHeading: Double?
    /// Heading in degrees clockwise from magnetic north, 0..<360; nil when the sentence gave none (HDT, THS).
    public var magneticHeading: Double?
    /// The sentence type.
    public var source: Source
    /// The talker (`GP`, `GN`, `HE`, ...).
    public var talker: String
    /// The time of day of the epoch open when the heading arrived (headings carry no time themselves).
    public var timeOfDay: NMEATimeOfDay?
    /// The UTC instant of that epoch: its date (or the last known date) and time of day; nil until both are known.
    public var timestamp: Date?
    /// The 1-based input line.
    public var line: Int
}
