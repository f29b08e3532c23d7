import Foundation
import LinuxCoreLocation
import Testing

@testable import corelocation

/// The word that opens a text line of an error event (issue 31): `error:` marks the last line before a failing exit
/// (Docs/Troubleshooting.md), so a transient state is not called one.
@Suite struct TextLineWordTests {
    @Test func aMomentaryLossOfFixIsWaitingNotAnError() {
        #expect(
            TextLine.text(of: .error(CLError(.locationUnknown)))
                == "waiting: locationUnknown (no fix right now; still trying)")
        #expect(TextLine.text(of: .error(CLError(.denied))).hasPrefix("error: denied ("))
        #expect(TextLine.text(of: .error(CLError(.network))).hasPrefix("error: network ("))
    }
}
