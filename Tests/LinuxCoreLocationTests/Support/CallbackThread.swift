import Foundation
import SharedTestSupport

@testable import LinuxCoreLocation

/// A thread with a running run loop, on which tests create managers, as an app creates them on its main thread.
///
/// `sync` runs a closure through the same mailbox that carries the managers' callbacks, so when it returns,
/// every callback queued before the call has run: the tests' way to wait for delivery without sleeping.
final class CallbackThread: @unchecked Sendable {
    /// What the thread itself holds: it outlives the `CallbackThread` until the loop ends.
    private final class Control: @unchecked Sendable {
        var mailbox: CallbackMailbox?
        var stopped = false  // read and written only on the thread
    }

    private let control = Control()
    private(set) var thread: Thread?

    init() {
        let ready = DispatchSemaphore(value: 0)
        let control = self.control
        let thread = Thread {
            control.mailbox = CallbackMailbox.forCurrentThread()
            ready.signal()
            // `run(mode:before:)` need not return after a timer fires, so bound each turn to notice `stop()`.
            while !control.stopped {
                _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.5))
            }
            control.mailbox = nil
        }
        thread.name = "CallbackThread"
        self.thread = thread
        thread.start()
        ready.wait()
    }

    /// Runs `body` on the thread after every block queued before it, and returns its result.
    func sync<T>(_ body: @escaping () -> T) -> T {
        let done = DispatchSemaphore(value: 0)
        let result = UncheckedBox<T?>(nil)
        let work = UncheckedBox(body)
        control.mailbox?.perform {
            result.value = work.value()
            done.signal()
        }
        done.wait()
        return result.value!
    }

    /// Ends the thread's run loop.
    func stop() {
        let control = self.control
        sync { control.stopped = true }
    }
}

/// Turns the current thread's run loop, a hundredth of a second at a time, until `done` holds or `seconds` have
/// passed: the nested turn of a callback that waits for something (at most a bound, never a delay when `done` comes).
func turnRunLoop(for seconds: TimeInterval = 1, until done: () -> Bool = { false }) {
    let end = Date(timeIntervalSinceNow: seconds)
    while !done(), Date() < end {
        _ = RunLoop.current.run(mode: .default, before: min(end, Date(timeIntervalSinceNow: 0.01)))
    }
}
