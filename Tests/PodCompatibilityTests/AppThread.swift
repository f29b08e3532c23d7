import Foundation
import LocationSupport
import SharedTestSupport

/// Moves a value to the app thread and back; every hand-over is synchronised by ``AppThread/sync(_:)``.
final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// A thread that runs its run loop, like an app's main thread: managers created on it deliver their callbacks
/// there, as Apple's do.
final class AppThread: @unchecked Sendable {
    private let runLoop = Box<RunLoop?>(nil)
    private let stopping = Locked(false)
    private let started = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    init() {
        Thread.detachNewThread { [runLoop, stopping, started, finished] in
            runLoop.value = RunLoop.current
            // A run loop with nothing to wait for returns at once; this timer keeps it waiting.
            let keepAlive = Timer(fire: .distantFuture, interval: 0, repeats: false) { _ in }
            RunLoop.current.add(keepAlive, forMode: .default)
            started.signal()
            while !stopping.withLock({ $0 }) {
                _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
            }
            keepAlive.invalidate()
            finished.signal()
        }
        started.wait()
    }

    /// Runs `body` on the thread, after everything already queued there (callbacks included), and returns its
    /// result.
    func sync<Result>(_ body: @escaping () -> Result) -> Result {
        let result = Box<Result?>(nil)
        let work = Box(body)
        let done = DispatchSemaphore(value: 0)
        // Timers fire in the order of their dates, so this runs after the callbacks queued before it.
        let timer = Timer(fire: Date(), interval: 0, repeats: false) { _ in
            result.value = work.value()
            done.signal()
        }
        runLoop.value?.add(timer, forMode: .default)
        done.wait()
        guard let value = result.value else { preconditionFailure("the app thread did not run the block") }
        return value
    }

    /// Checks `condition` on the thread until it holds, for at most 10 s of real time: for what another thread
    /// answers (the authorization policy answers on a global queue).
    func wait(until condition: @escaping () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 10)
        while !sync(condition) {
            if Date() > deadline { return false }
            usleep(1_000)
        }
        return true
    }

    /// Ends the thread's loop.
    func stop() {
        stopping.withLock { $0 = true }
        finished.wait()
    }
}
