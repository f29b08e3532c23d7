import Foundation
import Testing

@testable import GPX

/// The checked input stream and its scanner: the same verdict and the same bytes however the reads cut the input.
@Suite struct GPXInstructionScannerTests {
    /// Reads `bytes` through a checked stream taking `readSize` bytes from the source and handing out `maxLength`.
    private func passOn(_ bytes: [UInt8], readSize: Int, maxLength: Int) -> (bytes: [UInt8], refusal: GPXDiagnostic?) {
        let stream = GPXCheckedInputStream(InputStream(data: Data(bytes)), source: "s.gpx", readSize: readSize)
        stream.open()
        defer { stream.close() }
        var passed: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: maxLength)
        while true {
            let count = stream.read(&buffer, maxLength: maxLength)
            guard count > 0 else { break }
            passed += buffer[..<count]
        }
        return (passed, stream.refusal)
    }

    @Test(
        arguments: [
            // (document, bytes passed on before the refusal or nil when all pass, line of the refusal)
            ("<?xm?>", 0, 1),
            ("<gpx>\n<!-- <?a?> --><?b\n?><![CDATA[<?c?>]]>\n<?dd?></gpx>", 44, 4),
            ("<gpx><!-<?a?>", 8, 1),
            ("<gpx><![CDAT<?a?>", 12, 1),
            ("<<?a?>", 1, 1),
            ("<?a x <?b?> ?><gpx/>", nil, 0),
            ("<gpx><!----><?a ?><!--->--><?b?>", 27, 1),
            ("<gpx/><?a", nil, 0),
        ] as [(String, Int?, Int)])
    func sameVerdictForEveryReadSize(document: String, passedBeforeRefusal: Int?, line: Int) {
        let bytes = Array(document.utf8)
        for readSize in 1...9 {
            for maxLength in [1, 2, 3, 4096] {
                let (passed, refusal) = passOn(bytes, readSize: readSize, maxLength: maxLength)
                #expect(
                    passed == Array(bytes.prefix(passedBeforeRefusal ?? bytes.count)), "read \(readSize)/\(maxLength)")
                #expect(refusal?.line == (passedBeforeRefusal == nil ? nil : line), "read \(readSize)/\(maxLength)")
                #expect(refusal?.kind == (passedBeforeRefusal == nil ? nil : .forbiddenDeclaration))
            }
        }
    }

    /// A target is held back until decided, so its length is bounded: 1024 bytes pass, 1025 are refused.
    @Test func overlongTargetIsRefused() {
        let limit = GPXInstructionScanner.maximumTargetBytes
        let allowed = Array(("<gpx>\n<?" + String(repeating: "t", count: limit) + " data?></gpx>").utf8)
        #expect(passOn(allowed, readSize: 100, maxLength: 4096) == (allowed, nil) as ([UInt8], GPXDiagnostic?))
        let refused = Array(("<gpx>\n<?" + String(repeating: "t", count: limit + 1) + " data?></gpx>").utf8)
        let (passed, refusal) = passOn(refused, readSize: 100, maxLength: 4096)
        #expect(passed == Array("<gpx>\n".utf8))
        #expect(refusal?.kind == .limitExceeded)
        #expect(refusal?.description == "s.gpx:2: error: processing instruction target longer than 1024 bytes")
    }
}
