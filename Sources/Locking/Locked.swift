import Glibc

/// A value that threads share, reached only with its lock held.
///
/// Why not the standard library's `Mutex`: on Linux a contended `Mutex` waits in the
/// kernel from inside the uninstrumented standard library, so ThreadSanitizer never
/// sees the hand-over and reports races that are not there (it did, on the band
/// counter, only when the machine was busy). A pthread mutex is one ThreadSanitizer
/// intercepts, so every ordering our locks make is one it can check. Uncontended it
/// costs the same: one atomic exchange to lock, one to unlock.
public final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is read and written only between lock and unlock below.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    public init(_ value: Value) {
        self.value = value
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the lock held and the value to read or change.
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
