import Foundation
import Testing

@testable import LinuxCoreLocation

/// Errors read as what they mean on Linux, not as `Error Domain=kCLErrorDomain Code=0 "(null)"`.
@Suite struct CLErrorDescriptionTests {
    @Test func aBareCodeNamesItselfAndWhatItMeans() {
        let error = CLError(.locationUnknown)
        #expect(error.description == "locationUnknown: no fix right now; updates go on")
        #expect("\(error as any Error)" == error.description)
        #expect(error.localizedDescription == error.description)
        #expect(!(error as NSError).description.contains("(null)"))
        #expect(CLError(.denied).description.hasPrefix("denied: location access is denied or restricted"))
    }

    @Test func everyCodeHasAMeaning() {
        for raw in 0...19 {
            let code = CLError.Code(rawValue: raw)
            #expect(code.map { !$0.meaningOnLinux.isEmpty } == true)
        }
    }

    @Test func aFailureReasonAndAnUnderlyingErrorAreSaid() {
        let reason = CLError(.locationUnknown, userInfo: [NSLocalizedFailureReasonErrorKey: "no fix yet from gpsd://h"])
        #expect(reason.description == "locationUnknown: no fix yet from gpsd://h")
        let input = ReplayInputError(source: "route.gpx", line: 3, reason: "XML is not well-formed")
        let failed = CLError(.network, userInfo: [NSUnderlyingErrorKey: input])
        #expect(
            failed.description
                == "network: \(CLError.Code.network.meaningOnLinux): route.gpx:3: error: XML is not well-formed")
        #expect(failed.code == .network)
    }

    @Test func errorsStillCompareByCode() {
        #expect(CLError(.network) == CLError(.network))
        #expect(CLError(.network) != CLError(.denied))
        #expect((CLError(.denied) as any Error as? CLError)?.code == .denied)
    }
}
