import CSDL2

/// Why the window could not be opened.
public struct PlatformError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// An SDL window presented from a CPU framebuffer through the window surface.
///
/// The framebuffer is 32-bit ARGB (0xAARRGGBB as a UInt32), which is what SDL's
/// window surfaces use on X11 and Wayland; frames are copied row by row to the surface.
public final class SDLWindow {
    private let window: OpaquePointer
    public private(set) var width: Int
    public private(set) var height: Int

    public init(title: String, width: Int, height: Int, fullscreen: Bool) throws(PlatformError) {
        if SDL_WasInit(SDL_INIT_VIDEO) == 0 && SDL_InitSubSystem(SDL_INIT_VIDEO) != 0 {
            throw PlatformError("cannot start the video system (\(String(cString: SDL_GetError()))); is a display available?")
        }
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        if fullscreen { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
        let position = shim_SDL_WINDOWPOS_CENTERED()
        guard let created = SDL_CreateWindow(title, position, position, Int32(width), Int32(height), flags) else {
            throw PlatformError("cannot open a window (\(String(cString: SDL_GetError())))")
        }
        window = created
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(created, &w, &h)
        self.width = Int(w)
        self.height = Int(h)
    }

    deinit {
        SDL_DestroyWindow(window)
    }

    public func setTitle(_ title: String) {
        SDL_SetWindowTitle(window, title)
    }

    /// Copies a frame of `width` x `height` ARGB pixels to the window and shows it.
    /// Returns false if the window's size changed and the frame no longer fits.
    @discardableResult
    public func present(_ pixels: [UInt32], width: Int, height: Int) -> Bool {
        guard let surface = SDL_GetWindowSurface(window) else { return false }
        let surfaceWidth = Int(surface.pointee.w), surfaceHeight = Int(surface.pointee.h)
        self.width = surfaceWidth
        self.height = surfaceHeight
        guard surfaceWidth == width, surfaceHeight == height, pixels.count >= width * height,
              let target = surface.pointee.pixels else { return false }
        let pitch = Int(surface.pointee.pitch)
        if shim_SDL_MUSTLOCK(surface) == SDL_TRUE { SDL_LockSurface(surface) }
        pixels.withUnsafeBytes { source in
            guard let base = source.baseAddress else { return }
            for row in 0..<height {
                (target + row * pitch).copyMemory(from: base + row * width * 4, byteCount: width * 4)
            }
        }
        if shim_SDL_MUSTLOCK(surface) == SDL_TRUE { SDL_UnlockSurface(surface) }
        SDL_UpdateWindowSurface(window)
        return true
    }
}

/// What the minimal event pump reports.
public enum WindowEvent: Equatable, Sendable {
    case quit
    case resized
    case exposed
}

/// Drains SDL's event queue into plain values.
public enum SDLEventPump {
    public static func poll() -> [WindowEvent] {
        var events: [WindowEvent] = []
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            switch SDL_EventType(event.type) {
            case SDL_QUIT:
                events.append(.quit)
            case SDL_KEYDOWN where event.key.keysym.sym == Int32(SDLK_ESCAPE.rawValue):
                events.append(.quit)
            case SDL_WINDOWEVENT:
                switch SDL_WindowEventID(UInt32(event.window.event)) {
                case SDL_WINDOWEVENT_SIZE_CHANGED: events.append(.resized)
                case SDL_WINDOWEVENT_EXPOSED: events.append(.exposed)
                default: break
                }
            default:
                break
            }
        }
        return events
    }

    /// Waits up to `milliseconds` for the next event, so an idle window uses no CPU.
    public static func wait(milliseconds: Int) {
        SDL_WaitEventTimeout(nil, Int32(milliseconds))
    }
}
