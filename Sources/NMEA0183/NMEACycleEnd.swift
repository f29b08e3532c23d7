/// Which sentence ends a receiver's cycle, learned as gpsd learns it: the last sentence before the time of day
/// changes, once the same sentence has ended ``confirmationsNeeded`` more cycles in a row, appearing only once in
/// each.
///
/// Used by ``NMEAEpochAssembler`` under ``NMEADecoderOptions/closesEpochAtCycleEnd``. A sentence is known by its
/// address (talker and type, `GPGGA`); a multi-part sentence (GSV) counts only with its last part; headings are
/// not part of the cycle (they may arrive at another rate), nor are encapsulated sentences (`!AIVDM` from an AIS
/// receiver on the same line). A sentence that comes several times in a cycle (a receiver's proprietary `PGLOR`
/// reports, which share an address) cannot end it. The learned end is forgotten when the receiver shows it was
/// wrong: a timed sentence of the epoch already closed, or a VTG or PGRMZ (speed, course or altitude for a fix)
/// between the end and the next timed sentence. A GSA there is not such a sign: it counts for its epoch or the one
/// before, so a receiver that sends GSA at a lower rate after its cycle end (every fifth cycle) keeps its end, and
/// the GSA's fix mode and DOP go into the next fix instead of the one before, as with gpsd.
struct NMEACycleEnd: Sendable {
    /// How many cycles in a row a sentence must have ended before epochs close at it.
    static let confirmationsNeeded = 2

    /// The key of a sentence that can never end a cycle (a multi-part sentence before its last part).
    static let notAnEnd: UInt64 = 0

    /// The address key of the last sentence of the open epoch that may end a cycle.
    private(set) var lastSentence = notAnEnd
    /// How many times the current candidate came in the open epoch.
    private var candidateCount = 0
    /// The time of day of the epoch closed at its cycle end, until the next timed sentence; `nil` otherwise.
    var closedTime: NMEATimeOfDay?
    private var candidate = notAnEnd
    private var confirmations = 0

    /// Whether the sentence with `key` ends the cycle: it is the learned end, confirmed enough times.
    func ends(with key: UInt64) -> Bool {
        key != Self.notAnEnd && key == candidate && confirmations >= Self.confirmationsNeeded
    }

    /// Notes a sentence of the open epoch that may end a cycle.
    mutating func note(_ key: UInt64) {
        lastSentence = key
        if key == candidate { candidateCount += 1 }
    }

    /// Learns from an epoch closed because the time of day changed, or because the input paused after it: its last
    /// sentence ended that cycle.
    mutating func learnFromClosedEpoch() {
        if lastSentence != Self.notAnEnd && lastSentence == candidate && candidateCount == 1 {
            confirmations += 1
        } else {
            // Confirmed from the next cycle on, where its count is known.
            candidate = lastSentence
            confirmations = 0
        }
        lastSentence = Self.notAnEnd
        candidateCount = 0
    }

    /// Forgets the learned end: epochs close when the time changes again, until one is learned anew.
    mutating func forget() {
        candidate = Self.notAnEnd
        confirmations = 0
    }
}
