/// Words for the libxml2 error codes `XMLParser` passes through as `NSError` codes.
///
/// The numbers are libxml2's `xmlParserErrors` (xmlerror.h); swift-corelibs-foundation's
/// `XMLParser.ErrorCode` case names do not line up with them, so they are not used.
enum GPXLibXMLError {
    static func describe(_ code: Int) -> String {
        let reason: String? =
            switch code {
            case 4: "document is empty"
            case 5: "extra content at the end of the document, or the document ends too early"
            case 9: "invalid character"
            case 26: "undeclared entity"
            case 38: "'<' in an attribute value"
            case 39: "attribute value must be quoted"
            case 41: "attribute without value"
            case 42: "attribute given twice"
            case 68: "name expected"
            case 73: "'>' expected"
            case 76: "closing tag does not match the opening tag"
            case 77: "tag not finished (document cut off?)"
            case 89: "entity reference loop"
            case 201: "undeclared namespace prefix"
            default: nil
            }
        return (reason.map { "\($0), " } ?? "") + "libxml2 error \(code)"
    }
}
