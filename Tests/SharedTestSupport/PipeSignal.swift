import Glibc

/// Blocks `SIGPIPE` on the calling thread, for a test thread that writes to a FIFO or socket whose reader (the
/// tool under test) may have gone.
///
/// A write to a pipe without a reader raises `SIGPIPE` at the writing thread, and its default action ends the
/// whole test process (the full suite once died of signal 13 this way). Blocked, the write fails with `EPIPE`
/// and the signal stays pending on this thread, discarded when the thread ends; the process's disposition is left
/// alone, so the tool's children still start with the default one the output-failure tests rely on. Call it
/// first in a thread of its own, never on the cooperative pool, whose threads run other tests.
public func blockPipeSignalOnThisThread() {
    var pipeSignal = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
}
