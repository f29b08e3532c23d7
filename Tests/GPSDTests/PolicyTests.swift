import GPSD
import Testing

@Suite struct PolicyTests {
    @Test func backoffDoublesFromAQuarterSecondToEightSeconds() {
        let policy = GPSDBackoffPolicy()
        #expect((1...8).map { policy.delay(afterFailures: $0) } == [0.25, 0.5, 1, 2, 4, 8, 8, 8])
        #expect(policy.delay(afterFailures: 0) == 0.25)
        #expect(policy.delay(afterFailures: 10_000) == 8)
    }

    @Test func backoffClampsNonsense() {
        let policy = GPSDBackoffPolicy(initialDelay: -1, multiplier: 0.5, maximumDelay: 0)
        #expect(policy == GPSDBackoffPolicy(initialDelay: 0.25, multiplier: 1, maximumDelay: 0.25))
        #expect(policy.delay(afterFailures: 5) == 0.25)
    }

    @Test func silenceTimeoutIsFiveCyclesWithAFloor() {
        let policy = GPSDSilencePolicy()
        #expect(policy.timeout(forCycle: 1) == 5)
        #expect(policy.timeout(forCycle: 0.1) == 3)
        #expect(policy.timeout(forCycle: 2) == 10)
        #expect(policy.timeout(forCycle: nil) == 5)
        #expect(policy.timeout(forCycle: 0) == 5)
    }
}
