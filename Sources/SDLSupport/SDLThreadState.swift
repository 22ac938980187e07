// SDLSupport: what every SDL-calling module shares. SDLThreadState gives back what
// SDL keeps per thread when the thread is not one of SDL's own.

import CSDL2
import Foundation

/// SDL 2 keeps each thread's error message in thread-local storage under a pthread key
/// made without a destructor; it frees that storage only for the threads it starts
/// and for the main thread at `SDL_Quit`. Our render bands and background queues call
/// SDL too (SDL2_ttf for glyphs, SDL2_image for pictures), and any failed call there
/// (a zero-width glyph such as a space or a direction mark is one) allocates it; when
/// such a thread ends, the storage is lost (88 + 40 bytes and the message, each time).
/// So code that calls SDL off the main thread ends with `releaseOffMainThread()`,
/// after reading any error it wants.
public enum SDLThreadState {
    /// Frees this thread's SDL storage unless this is the main thread (whose storage
    /// SDL_Quit frees, and whose error message SDL's callers may still read). Cheap
    /// when nothing was stored: one pthread_getspecific.
    public static func releaseOffMainThread() {
        if !Thread.isMainThread { SDL_TLSCleanup() }
    }
}
