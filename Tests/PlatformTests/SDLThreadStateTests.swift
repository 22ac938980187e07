import CSDL2
import Foundation
import PictureCodecs
import Platform
import Raster
import Testing
import TextServices

/// SDL keeps a thread's error message in storage it never frees for threads it did
/// not start, so every thread of ours that ends after a failed SDL call loses it (the
/// LeakSanitizer reports of headless runs, from the direction mark in a card's title).
/// These read SDL's error on the worker thread right after our call: empty means the
/// call gave the thread's state back; before the fix it still held SDL's message.
@Suite("SDL's per-thread state off the main thread")
struct SDLThreadStateTests {
    /// Runs `work` on a thread of its own that then ends, and returns the SDL error
    /// message that thread still held afterwards (read, then freed, so the test itself
    /// leaves nothing behind).
    private static func errorLeftOnWorkerThread(after work: @escaping @Sendable () -> Void) -> String {
        let done = DispatchSemaphore(value: 0)
        let left = LeftMessage()
        let thread = Thread {
            work()
            left.text = SDL_GetError().map { String(cString: $0) } ?? ""
            SDL_TLSCleanup()
            done.signal()
        }
        thread.start()
        done.wait()
        return left.text
    }

    private final class LeftMessage: @unchecked Sendable {
        var text = ""  // written by the worker before it signals, read after the wait
    }

    @Test("a glyph SDL2_ttf refuses leaves no SDL error on a band's thread")
    func refusedGlyphsLeaveNoErrorState() throws {
        _ = try SDLGlyphSource()  // fonts are there, so the worker's one opens too
        let left = Self.errorLeftOnWorkerThread {
            guard let source = try? SDLGlyphSource() else { return }
            // The line separator is in the font with no width: SDL2_ttf refuses it
            // ("Text has zero width") each time it is first drawn at a size.
            _ = source.glyph(for: "\u{2028}", font: .regular(23))
        }
        #expect(left == "")
    }

    @Test("a direction mark draws nothing and moves the pen nowhere")
    func directionMarkIsInvisible() throws {
        let source = try SDLGlyphSource()
        for mark: Unicode.Scalar in ["\u{200E}", "\u{200F}", "\u{2066}", "\u{FEFF}"] {
            let glyph = try #require(source.glyph(for: mark, font: .regular(24)))
            #expect(glyph.isBlank && glyph.advance == 0, "U+\(String(mark.value, radix: 16))")
        }
    }

    @Test("a picture that fails to decode on a background thread still says why, and leaves no SDL error behind")
    func failedDecodeLeavesNoErrorState() {
        let reason = LeftMessage()
        let left = Self.errorLeftOnWorkerThread {
            do {
                _ = try SDLPictureCodec().decode(Array("not a picture, only words".utf8), fileName: "words.png")
            } catch {
                reason.text = "\(error)"
            }
        }
        #expect(left == "")
        #expect(reason.text.contains("words.png"), "\(reason.text)")
    }
}
