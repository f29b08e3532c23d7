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
        let policy = GPSDBackoffPolicy(initialDelay: -1, multiplier: 0.5, maximumDelay: 0, refusedDelay: 0)
        #expect(policy == GPSDBackoffPolicy(initialDelay: 0.25, multiplier: 1, maximumDelay: 0.25, refusedDelay: 0.5))
        #expect(policy.delay(afterFailures: 5) == 0.25)
        #expect(GPSDBackoffPolicy().refusedDelay == 0.5)
    }

    @Test func silenceTimeoutIsFiveCyclesOfTheSlowerOfGpsdsCycleAndTheObservedRateWithAFloor() {
        let policy = GPSDSilencePolicy()
        #expect(policy.timeout(forCycle: 1, observedInterval: 1) == 5)
        #expect(policy.timeout(forCycle: 0.1, observedInterval: 0.1) == 3)
        #expect(policy.timeout(forCycle: 2, observedInterval: 1) == 10)
        #expect(policy.timeout(forCycle: nil, observedInterval: 1) == 5)
        #expect(policy.timeout(forCycle: 0, observedInterval: 0.5) == 5)
        // gpsfake -c 0.2: gpsd says 1 s, an epoch arrives every 6 s.
        #expect(policy.timeout(forCycle: 1, observedInterval: 6) == 30)
    }

    @Test func silenceTimeoutIsThirtySecondsOrMoreWhileTheRateIsUnknown() {
        let policy = GPSDSilencePolicy()
        #expect(policy.timeout(forCycle: 1, observedInterval: nil) == 30)
        #expect(policy.timeout(forCycle: 10, observedInterval: nil) == 50)
        #expect(policy.timeout(forCycle: 1, observedInterval: 0) == 30)
        #expect(policy.timeout(forCycle: 1, observedInterval: .infinity) == 30)
        #expect(GPSDSilencePolicy(unknownRateTimeout: -1).unknownRateTimeout == 30)
    }
}
