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
    /// - Throws: ``NMEAFieldError`` when a field the type needs is missing or malformed.
    static func decode(_ fields: NMEAFieldView, keepsSatellites: Bool) throws(NMEAFieldError) -> (
        content: NMEAContent, ignored: [NMEAFieldError]
    ) {
        struct Builder: NMEATypedSentenceHandler {
            func handle<Sentence: NMEATypedSentence>(
                _ sentence: Sentence, _ result: inout (content: NMEAContent, ignored: [NMEAFieldError])
            ) {
                result = (sentence.content, sentence.ignoredFields)
            }
        }
        var builder = Builder()
        var result: (content: NMEAContent, ignored: [NMEAFieldError]) = (.other, [])
        try decode(fields, keepsSatellites: keepsSatellites, to: &builder, context: &result)
        return result
    }

    /// Decodes a sentence by type, whatever the talker, and hands the typed sentence to `handler`, borrowed (see
    /// ``NMEATypedSentence``).
    ///
    /// With `keepsSatellites` false, the satellite lists of GSA and GSV are checked but not kept (the epoch
    /// assembler needs only their count), so that decoding them allocates nothing: the decoder's path when it
    /// reports no sentences.
    ///
    /// - Throws: ``NMEAFieldError`` when a field the type needs is missing or malformed; `handler` is not called.
    static func decode<Handler: NMEATypedSentenceHandler>(
        _ fields: NMEAFieldView, keepsSatellites: Bool, to handler: inout Handler, context: inout Handler.Context
    ) throws(NMEAFieldError) {
        if fields.isGarminAltitude { return handler.handle(try PGRMZSentence(fields: fields), &context) }
        switch fields.typeCode {
        case TypeCode.gga: handler.handle(try GGASentence(fields: fields), &context)
        case TypeCode.rmc: handler.handle(try RMCSentence(fields: fields), &context)
        case TypeCode.gll: handler.handle(try GLLSentence(fields: fields), &context)
        case TypeCode.gns: handler.handle(try GNSSentence(fields: fields), &context)
        case TypeCode.vtg: handler.handle(try VTGSentence(fields: fields), &context)
        case TypeCode.gsa:
            var count = 0
            let gsa = try GSASentence(fields: fields, keepsSatellites: keepsSatellites, satelliteCount: &count)
            handler.handle(GSAContent(gsa: gsa, satelliteCount: count), &context)
        case TypeCode.gsv: handler.handle(try GSVSentence(fields: fields, keepsSatellites: keepsSatellites), &context)
        case TypeCode.gst: handler.handle(try GSTSentence(fields: fields), &context)
        case TypeCode.gbs: handler.handle(try GBSSentence(fields: fields), &context)
        case TypeCode.zda: handler.handle(try ZDASentence(fields: fields), &context)
        case TypeCode.hdt: handler.handle(try HDTSentence(fields: fields), &context)
        case TypeCode.hdg: handler.handle(try HDGSentence(fields: fields), &context)
        case TypeCode.hdm: handler.handle(try HDMSentence(fields: fields), &context)
        case TypeCode.ths: handler.handle(try THSSentence(fields: fields), &context)
        default: handler.handle(OtherContent(), &context)
        }
    }

    /// Hands the typed sentence this content holds to `handler`.
    func visit<Handler: NMEATypedSentenceHandler>(_ handler: inout Handler, context: inout Handler.Context) {
        switch self {
        case .gga(let value): handler.handle(value, &context)
        case .rmc(let value): handler.handle(value, &context)
        case .gll(let value): handler.handle(value, &context)
        case .gns(let value): handler.handle(value, &context)
        case .vtg(let value): handler.handle(value, &context)
        case .gsa(let value, let count): handler.handle(GSAContent(gsa: value, satelliteCount: count), &context)
        case .gsv(let value): handler.handle(value, &context)
        case .gst(let value): handler.handle(value, &context)
        case .gbs(let value): handler.handle(value, &context)
        case .zda(let value): handler.handle(value, &context)
        case .hdt(let value): handler.handle(value, &context)
        case .hdg(let value): handler.handle(value, &context)
        case .hdm(let value): handler.handle(value, &context)
        case .ths(let value): handler.handle(value, &context)
        case .pgrmz(let value): handler.handle(value, &context)
        case .other: handler.handle(OtherContent(), &context)
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
