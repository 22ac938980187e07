import CSDL2
import Foundation
import Testing

/// A picture's worth of state, leaked on purpose by the canary below.
private final class PlantedPicture {
    var pixels = [UInt32](repeating: 0, count: 64)
}

/// Makes an SDL surface and forgets it: the shape of a real leak of a decoded
/// picture or a canvas's window surface. Not inlined, so no copy of the pointer is
/// left in the caller's frame for LeakSanitizer to take for a reference.
@inline(never)
private func plantedSurfaceLeak() {
    let surface = SDL_CreateRGBSurfaceWithFormat(0, 61, 64, 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
    precondition(surface != nil, "SDL could not make the canary's surface")
}

/// Keeps a Swift object alive with nothing pointing at it: the shape of a leak in
/// code Foundation calls back (a thread's body, a process's termination handler).
@inline(never)
private func plantedLeakOnFoundationThread() {
    _ = Unmanaged.passRetained(PlantedPicture())
}

@Suite("LeakSanitizer canaries")
struct LeakCanaries {
    /// Passes only by being reported: `make sanitize-canaries` expects LeakSanitizer
    /// to find, at exit, the surface (allocated inside libSDL2, so `leak:libSDL2`
    /// hides it) and the object made on a Foundation thread (its stack runs through
    /// libFoundation.so, so `leak:libFoundation.so` hides it).
    @Test("an SDL surface dropped, and an object dropped on a Foundation thread, are leaks")
    func plantedLeaks() {
        plantedSurfaceLeak()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            plantedLeakOnFoundationThread()
            done.signal()
        }
        done.wait()
    }
}
