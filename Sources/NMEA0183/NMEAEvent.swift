import Foundation

/// What the decoder reports, in input order.
public enum NMEAEvent: Sendable, Hashable {
    /// An epoch with a valid position.
    case fix(NMEAFix)
    /// An epoch in which the receiver reported no fix (GGA quality 0, RMC/GLL status V, GSA mode 1, empty position).
    case noFix(NMEANoFix)
    /// A true heading (HDT, HDG with variation, valid THS), reported as soon as it arrives.
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

/// A true heading (the direction the vehicle points, not its course).
public struct NMEAHeading: Sendable, Hashable {
    /// The sentence type that supplied it.
    public enum Source: String, Sendable, Hashable {
        /// `HDT`.
        case hdt = "HDT"
        /// `HDG` (magnetic + deviation + variation).
        case hdg = "HDG"
        /// `THS`.
        case ths = "THS"
    }

    /// Heading in degrees clockwise from true north, 0..<360.
    public var trueHeading: Double
    /// The sentence type.
    public var source: Source
    /// The talker (`GP`, `GN`, `HE`, ...).
    public var talker: String
    /// The time of day of the epoch open when the heading arrived (headings carry no time themselves).
    public var timeOfDay: NMEATimeOfDay?
    /// The 1-based input line.
    public var line: Int
}
