/// The typed content of a decoded sentence, without the raw sentence: what the epoch assembler works from.
///
/// ``NMEAMessage`` pairs the same content with its ``NMEASentence``; the decoder builds that only when it reports
/// sentences, so a fix costs no copy of its sentences.
enum NMEAContent {
    case gga(GGASentence)
    case rmc(RMCSentence)
    case gll(GLLSentence)
    case gns(GNSSentence)
    case vtg(VTGSentence)
    /// A GSA and how many satellite ids it listed (its ``GSASentence/satellites`` may be left empty, see
    /// ``decode(_:keepsSatellites:)``).
    case gsa(GSASentence, satelliteCount: Int)
    /// A GSV; its ``GSVSentence/satellites`` may be left empty (see ``decode(_:keepsSatellites:)``).
    case gsv(GSVSentence)
    case gst(GSTSentence)
    case gbs(GBSSentence)
    case zda(ZDASentence)
    case hdt(HDTSentence)
    case hdg(HDGSentence)
    case hdm(HDMSentence)
    case ths(THSSentence)
    case pgrmz(PGRMZSentence)
    /// A type this module does not decode, proprietary or encapsulated.
    case other

    /// Decodes a sentence by type, whatever the talker; returns the content and the optional fields its typed
    /// sentence ignored.
    ///
    /// With `keepsSatellites` false, the satellite lists of GSA and GSV are checked but not kept (the epoch
    /// assembler needs only their count), so that decoding them allocates nothing: the decoder's path when it
    /// reports no sentences.
    ///
    /// - Throws: ``NMEAFieldError`` when a field the type needs is missing or malformed.
    static func decode(_ fields: NMEAFieldView, keepsSatellites: Bool) throws(NMEAFieldError) -> (
        content: NMEAContent, ignored: [NMEAFieldError]
    ) {
        if fields.isGarminAltitude {
            let value = try PGRMZSentence(fields: fields)
            return (.pgrmz(value), value.ignoredFields)
        }
        switch fields.typeCode {
        case TypeCode.gga:
            let value = try GGASentence(fields: fields)
            return (.gga(value), value.ignoredFields)
        case TypeCode.rmc:
            let value = try RMCSentence(fields: fields)
            return (.rmc(value), value.ignoredFields)
        case TypeCode.gll:
            let value = try GLLSentence(fields: fields)
            return (.gll(value), value.ignoredFields)
        case TypeCode.gns:
            let value = try GNSSentence(fields: fields)
            return (.gns(value), value.ignoredFields)
        case TypeCode.vtg:
            let value = try VTGSentence(fields: fields)
            return (.vtg(value), value.ignoredFields)
        case TypeCode.gsa:
            var count = 0
            let value = try GSASentence(fields: fields, keepsSatellites: keepsSatellites, satelliteCount: &count)
            return (.gsa(value, satelliteCount: count), value.ignoredFields)
        case TypeCode.gsv:
            let value = try GSVSentence(fields: fields, keepsSatellites: keepsSatellites)
            return (.gsv(value), value.ignoredFields)
        case TypeCode.gst:
            let value = try GSTSentence(fields: fields)
            return (.gst(value), value.ignoredFields)
        case TypeCode.gbs:
            let value = try GBSSentence(fields: fields)
            return (.gbs(value), value.ignoredFields)
        case TypeCode.zda:
            let value = try ZDASentence(fields: fields)
            return (.zda(value), value.ignoredFields)
        case TypeCode.hdt: return (.hdt(try HDTSentence(fields: fields)), [])
        case TypeCode.hdg:
            let value = try HDGSentence(fields: fields)
            return (.hdg(value), value.ignoredFields)
        case TypeCode.hdm: return (.hdm(try HDMSentence(fields: fields)), [])
        case TypeCode.ths: return (.ths(try THSSentence(fields: fields)), [])
        default: return (.other, [])
        }
    }

    /// The message that pairs this content with the sentence it was decoded from.
    func message(_ sentence: NMEASentence) -> NMEAMessage {
        switch self {
        case .gga(let value): .gga(value, sentence)
        case .rmc(let value): .rmc(value, sentence)
        case .gll(let value): .gll(value, sentence)
        case .gns(let value): .gns(value, sentence)
        case .vtg(let value): .vtg(value, sentence)
        case .gsa(let value, _): .gsa(value, sentence)
        case .gsv(let value): .gsv(value, sentence)
        case .gst(let value): .gst(value, sentence)
        case .gbs(let value): .gbs(value, sentence)
        case .zda(let value): .zda(value, sentence)
        case .hdt(let value): .hdt(value, sentence)
        case .hdg(let value): .hdg(value, sentence)
        case .hdm(let value): .hdm(value, sentence)
        case .ths(let value): .ths(value, sentence)
        case .pgrmz(let value): .pgrmz(value, sentence)
        case .other: .other(sentence)
        }
    }

    /// The supported types packed as ``NMEAFieldView/typeCode`` packs them; literals, so that a switch costs no
    /// lazy initialisation.
    private enum TypeCode {
        static var gga: UInt32 { 0x474741 }  // "GGA"
        static var rmc: UInt32 { 0x524D43 }  // "RMC"
        static var gll: UInt32 { 0x474C4C }  // "GLL"
        static var gns: UInt32 { 0x474E53 }  // "GNS"
        static var vtg: UInt32 { 0x565447 }  // "VTG"
        static var gsa: UInt32 { 0x475341 }  // "GSA"
        static var gsv: UInt32 { 0x475356 }  // "GSV"
        static var gst: UInt32 { 0x475354 }  // "GST"
        static var gbs: UInt32 { 0x474253 }  // "GBS"
        static var zda: UInt32 { 0x5A4441 }  // "ZDA"
        static var hdt: UInt32 { 0x484454 }  // "HDT"
        static var hdg: UInt32 { 0x484447 }  // "HDG"
        static var hdm: UInt32 { 0x48444D }  // "HDM"
        static var ths: UInt32 { 0x544853 }  // "THS"
    }
}

extension NMEAMessage {
    /// The typed content, without the sentence.
    var content: NMEAContent {
        switch self {
        case .gga(let value, _): .gga(value)
        case .rmc(let value, _): .rmc(value)
        case .gll(let value, _): .gll(value)
        case .gns(let value, _): .gns(value)
        case .vtg(let value, _): .vtg(value)
        case .gsa(let value, _): .gsa(value, satelliteCount: value.satellites.count)
        case .gsv(let value, _): .gsv(value)
        case .gst(let value, _): .gst(value)
        case .gbs(let value, _): .gbs(value)
        case .zda(let value, _): .zda(value)
        case .hdt(let value, _): .hdt(value)
        case .hdg(let value, _): .hdg(value)
        case .hdm(let value, _): .hdm(value)
        case .ths(let value, _): .ths(value)
        case .pgrmz(let value, _): .pgrmz(value)
        case .other: .other
        }
    }
}
