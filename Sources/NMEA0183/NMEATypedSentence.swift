/// A decoded sentence of one type, as the epoch assembler takes it: one conformance per case of ``NMEAContent``.
///
/// The decoder hands each decoded sentence on through a generic ``NMEATypedSentenceHandler``, so that the sentence
/// stays where it was decoded and is borrowed by the assembler: wrapped in ``NMEAContent`` (about 200 bytes), it was
/// copied twice per sentence, a quarter of the decoder's time (issue 30).
protocol NMEATypedSentence: Sendable {
    /// The malformed optional fields that were read as absent.
    var ignoredFields: [NMEAFieldError] { get }
    /// The same sentence as content.
    var content: NMEAContent { get }
    /// Adds the sentence, of `line` and `talker` (``NMEAFieldView/talkerCode``), to the assembler's open epoch.
    func add(to assembler: inout NMEAEpochAssembler, line: Int, talker: UInt16, into events: inout [NMEAEvent])
    /// The sentence's key for ``NMEACycleEnd``, given its `address` (``NMEAFieldView/addressKey``): `nil` when it is
    /// not part of the receiver's cycle (headings), ``NMEACycleEnd/notAnEnd`` when it cannot end it (a GSV before its
    /// last part), `address` otherwise.
    func cycleEndKey(address: UInt64) -> UInt64?
}

extension NMEATypedSentence {
    func cycleEndKey(address: UInt64) -> UInt64? { address }
}

/// Receives the typed sentence ``NMEAContent/decode(_:keepsSatellites:to:context:)`` decoded, or that an
/// ``NMEAContent`` holds, borrowed.
protocol NMEATypedSentenceHandler {
    /// What the handler needs of the caller for each sentence (its events, for example), passed through.
    associatedtype Context
    mutating func handle<Sentence: NMEATypedSentence>(_ sentence: Sentence, _ context: inout Context)
}
