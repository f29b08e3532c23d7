import Dispatch
import Foundation
import FoundationNetworking
import LocationSupport

/// One HTTP GET whose reply is bounded in size and in total time, for answers from a server outside the
/// user's control: a reply larger than the limit, or one still incomplete at the deadline, is cancelled and
/// reported instead of growing without bound or hanging a geocoding request.
///
/// The body arrives chunk by chunk through `URLSessionDataDelegate`, so the limit holds while it arrives
/// (a completion-handler task would buffer the whole reply first).
final class BoundedFetch: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// The body of a 200 reply, or why there is none (one line, for a diagnostic).
    enum Outcome {
        case body(Data)
        case failed(String)
    }

    private let limit: Int
    private let state = Locked<(data: Data, status: Int?, failure: String?)>((Data(), nil, nil))
    private let done = DispatchSemaphore(value: 0)

    private init(limit: Int) {
        self.limit = limit
    }

    /// Performs `request`, waiting at most `deadline` seconds for the whole reply of at most `limit` bytes.
    static func get(_ request: URLRequest, limit: Int, deadline: TimeInterval) -> Outcome {
        let fetch = BoundedFetch(limit: limit)
        let session = URLSession(configuration: .ephemeral, delegate: fetch, delegateQueue: nil)
        let task = session.dataTask(with: request)
        task.resume()
        if fetch.done.wait(timeout: .now() + deadline) == .timedOut {
            fetch.fail("no complete reply within \(Int(deadline)) s")
            task.cancel()
        }
        session.invalidateAndCancel()
        return fetch.state.withLock { state in
            if let failure = state.failure { return .failed(failure) }
            guard state.status == 200 else { return .failed("HTTP status \(state.status ?? 0)") }
            return .body(state.data)
        }
    }

    /// Records the first reason the fetch failed.
    private func fail(_ reason: String) {
        state.withLock { state in
            if state.failure == nil { state.failure = reason }
        }
    }

    private var tooLarge: String { "the reply is larger than \(limit / 1024) KiB" }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        state.withLock { $0.status = (response as? HTTPURLResponse)?.statusCode }
        if response.expectedContentLength > limit {
            fail(tooLarge)
            completionHandler(.cancel)
            done.signal()
        } else {
            completionHandler(.allow)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let fits = state.withLock { state in
            guard state.data.count + data.count <= limit else { return false }
            state.data.append(data)
            return true
        }
        guard !fits else { return }
        fail(tooLarge)
        dataTask.cancel()
        done.signal()
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error { fail(error.localizedDescription) }
        done.signal()
    }
}
