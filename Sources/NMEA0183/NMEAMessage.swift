/// A decoded sentence: one case per supported type, plus raw pass-through for everything else.
public enum NMEAMessage: Sendable, Hashable {
    /// A decoded `GGA` sentence and the raw sentence it came from.
    case gga(GGASentence, NMEASentence)
    /// A decoded `RMC` sentence and the raw sentence it came from.
    case rmc(RMCSentence, NMEASentence)
    /// A decoded `GLL` sentence and the raw sentence it came from.
    case gll(GLLSentence, NMEASentence)
    /// A decoded `GNS` sentence and the raw sentence it came from.
    case gns(GNSSentence, NMEASentence)
    /// A decoded `VTG` sentence and the raw sentence it came from.
    case vtg(VTGSentence, NMEASentence)
    /// A decoded `GSA` sentence and the raw sentence it came from.
    case gsa(GSASentence, NMEASentence)
    /// A decoded `GSV` sentence and the raw sentence it came from.
    case gsv(GSVSentence, NMEASentence)
    /// A decoded `GST` sentence and the raw sentence it came from.
    case gst(GSTSentence, NMEASentence)
    /// A decoded `GBS` sentence and the raw sentence it came from.
    case gbs(GBSSentence, NMEASentence)
    /// A decoded `ZDA` sentence and the raw sentence it came from.
    case zda(ZDASentence, NMEASentence)
    /// A decoded `HDT` sentence and the raw sentence it came from.
    case hdt(HDTSentence, NMEASentence)
    /// A decoded `HDG` sentence and the raw sentence it came from.
    case hdg(HDGSentence, NMEASentence)
    /// A decoded `HDM` sentence and the raw sentence it came from.
    case hdm(HDMSentence, NMEASentence)
    /// A decoded `THS` sentence and the raw sentence it came from.
    case ths(THSSentence, NMEASentence)
    /// A decoded Garmin `PGRMZ` altitude sentence and the raw sentence it came from.
    case pgrmz(PGRMZSentence, NMEASentence)
    /// A sentence of another type, proprietary (`$P...` other than `PGRMZ`) or encapsulated (`!AIVDM`): fields
    /// left raw.
    case other(NMEASentence)

    /// Decodes the typed content of a framed sentence, by sentence type whatever the talker.
    /// - Throws: ``NMEAFieldError`` when a field of a supported type is missing or malformed.
    public init(_ sentence: NMEASentence) throws(NMEAFieldError) {
        self = try sentence.withView { (fields) throws(NMEAFieldError) in
            try NMEAContent.decode(fields, keepsSatellites: true)
        }.content.message(sentence)
    }

    /// The framed sentence this message was decoded from.
    public var sentence: NMEASentence {
        switch self {
        case .gga(_, let raw), .rmc(_, let raw), .gll(_, let raw), .gns(_, let raw), .vtg(_, let raw),
            .gsa(_, let raw), .gsv(_, let raw), .gst(_, let raw), .gbs(_, let raw), .zda(_, let raw),
            .hdt(_, let raw), .hdg(_, let raw), .hdm(_, let raw), .ths(_, let raw), .pgrmz(_, let raw),
            .other(let raw):
            raw
        }
    }
}
