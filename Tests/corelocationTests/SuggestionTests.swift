import Foundation
import Testing

@testable import corelocation

/// A mistyped option or command gets a "did you mean" with the one it most likely meant (issue 28: `--provder`
/// got none).
@Suite struct SuggestionTests {
    @Test(arguments: [
        (["--provder", "sample:"], "unknown option --provder; did you mean --provider?"),
        (["--count", "1", "--formt", "text"], "unknown option --formt; did you mean --format?"),
        (["--prov", "x"], "unknown option --prov; did you mean --provider?"),
        (["once", "--acuracy", "house"], "unknown option --acuracy; did you mean --accuracy?"),
        (["wacth"], "unknown command \"wacth\"; did you mean watch?"),
        (["help", "recrod"], "unknown command \"recrod\"; did you mean record?"),
        (["--foo"], "unknown option --foo"),
    ])
    func aMistakeNamesWhatWasMeant(arguments: [String], message: String) async throws {
        let run = try await Tool.run(arguments)
        #expect(run.status == 64)
        #expect(run.error.split(separator: "\n").first == "corelocation: error: \(message)"[...])
    }

    @Test func onlyOneCloseCandidateIsSuggested() {
        #expect(Suggestion.nearest(to: "durration", among: ["duration", "desired-accuracy"]) == "duration")
        #expect(Suggestion.nearest(to: "fromat", among: ["format", "format-string"]) == "format")  // a swap is one edit
        #expect(Suggestion.nearest(to: "cont", among: ["count", "once"]) == "count")
        #expect(Suggestion.nearest(to: "ab", among: ["ac", "ad"]) == nil)  // two equally close
        #expect(Suggestion.nearest(to: "xyzzy", among: ["watch", "once"]) == nil)
        #expect(Suggestion.nearest(to: "acc", among: ["accuracy-filter", "accuracy"]) == nil)  // two extend it
        #expect(Suggestion.editDistance(Array("kitten"), Array("sitting")) == 3)
    }
}
